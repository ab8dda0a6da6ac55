// A game's board, loaded from the game's own folder (/games/NAME/board.js, with its
// board.css): the shell never names a game.
import { h, replace } from "/static/kit.js";
import { api } from "/static/net.js";

let games = null;

/** The lobby's facts about every game (GET /games), fetched once. */
export async function gameList() {
  games = games || (await api("/games"));
  return games;
}

export async function loadBoard(name) {
  const game = (await gameList()).find((g) => g.name === name);
  if (!game) throw new Error(`This server does not offer the game ${name}.`);
  if (game.web_files.includes("board.css") && !document.querySelector(`link[data-board="${name}"]`)) {
    document.head.append(h("link", { rel: "stylesheet", href: `/games/${name}/board.css`, "data-board": name }));
  }
  if (!game.web_files.includes("board.js")) return plainBoard;
  return import(`/games/${encodeURIComponent(name)}/board.js`);
}

// For a game with no board of its own yet: its board model as a list of facts.
const plainBoard = {
  render(root, payload) {
    replace(root, h("section", { class: "panel" }, h("h2", {}, "The table"),
      h("dl", { class: "plain-board" }, Object.entries(payload.board).flatMap(([key, value]) => [
        h("dt", {}, key.replaceAll("_", " ")), h("dd", {}, JSON.stringify(value))]))));
  },
};
