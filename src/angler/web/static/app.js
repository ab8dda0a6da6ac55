// The browser table's entry: routes by the URL fragment, so a link names a page and the server
// serves one file. #/ the lobby (?game=G&rating_min=X&rating_max=Y: its live list's filters),
// #/room/ID a table, #/join/ID/SEAT a public seat, #/join/ID/SEAT/CODE an invitation,
// #/replay/ID a finished game, #/howto/GAME how to play, #/signin and #/signup (with
// ?next=PAGE, where to go back to), #/account, #/player/NAME a player's page and
// #/leaderboard/GAME (?least=N) a game's leaderboard, #/cards/GAME a game's card-set editor.
import { h, notHere, patternDefs, replace, s } from "/static/kit.js";
import { showLobby } from "/static/lobby.js";
import { showRoom } from "/static/room.js";
import { showReplay } from "/static/replay.js";
import { accountSeat, api, tokens } from "/static/net.js";
import { mountAccountBar, showAccount, showSignIn, showSignUp } from "/static/account.js";
import { gameList } from "/static/boards.js";
import { showLeaderboard, showPlayer } from "/static/players.js";
import { showCardEditor } from "/static/cards.js";

const app = document.getElementById("app");
let leaving = null; // the page shown now, told when another replaces it (its socket closes)

function parseHash() {
  const [path, query = ""] = location.hash.replace(/^#/, "").split("?");
  const parts = path.split("/").filter(Boolean).map((part) => {
    try {
      return decodeURIComponent(part);
    } catch {
      return part; // a mangled link: taken as typed, and refused by name below
    }
  });
  return { parts, params: new URLSearchParams(query) };
}

let started = 0; // routes begun, numbered
let drawn = 0; // the number of the newest route whose page is up

async function route() {
  if (leaving) leaving();
  leaving = null;
  const mine = ++started;
  let leave = null;
  let failed = null;
  let drew = true; // false: a page that saw it was no longer wanted and drew nothing
  try {
    const { parts, params } = parseHash();
    const [page, ...rest] = parts;
    if (!page) leave = await showLobby(app, params);
    else if (page === "room" && rest[0]) leave = await openRoom(rest[0], params);
    else if (page === "join" && (rest.length === 2 || rest.length === 3)) await join(rest[0], rest[1], rest[2]);
    else if (page === "replay" && rest[0]) leave = await showReplay(app, rest[0], params);
    else if (page === "signin" && !rest.length) await showSignIn(app, params);
    else if (page === "signup" && !rest.length) await showSignUp(app, params);
    else if (page === "account" && !rest.length) leave = await showAccount(app);
    else if (page === "player" && rest.length === 1) await showPlayer(app, rest[0]);
    else if (page === "leaderboard" && rest.length <= 1) await showLeaderboard(app, rest[0] || (await gameList())[0].name, params);
    else if (page === "cards" && rest.length <= 1) leave = await showCardEditor(app, rest[0] || (await gameList())[0].name);
    else if (page === "howto") drew = await showHowto(rest[0] || (await gameList())[0].name, rest[1] === "rules" ? "rules" : "howto", () => mine !== started);
    else notHere(app, `There is no page ${location.hash}.`);
  } catch (error) {
    failed = error;
  }
  if (mine !== started) {
    // The address changed while this page loaded: it is not wanted. Close what it opened; if a
    // newer page was already up, this one drew over it, so draw the address's page again.
    if (leave) leave();
    if (drawn > mine && drew) route();
    return;
  }
  drawn = mine;
  leaving = leave;
  if (failed) notHere(app, failed.message);
}

async function openRoom(room, params) {
  // A token may arrive in the fragment (make play, or a creator's own link): keep it in this
  // browser, then take it out of the address bar, so it is not shared by copying the URL.
  if (params.has("token") && params.has("seat")) {
    const seat = params.get("seat");
    if (!/^\d{1,3}$/.test(seat)) throw new Error(`This table link is not whole: its seat "${seat.slice(0, 20)}" is not a number.`);
    tokens.add(room, Number(seat), params.get("token"));
    history.replaceState(null, "", `#/room/${encodeURIComponent(room)}`);
  }
  return showRoom(app, room, { watch: params.has("watch") });
}

async function join(room, seat, code) {
  if (!/^\d+$/.test(seat)) throw new Error(`This invitation link is not whole: its seat "${seat.slice(0, 20)}" is not a number.`);
  // This browser took the seat already (the friend opens their link again): straight to it.
  if (Number(seat) in tokens.of(room)) return location.replace(`#/room/${encodeURIComponent(room)}`);
  // The signed-in account took it already, on another device: its seat here too.
  if ((await accountSeat(room)) === Number(seat)) return location.replace(`#/room/${encodeURIComponent(room)}`);
  const claimed = await api(`/rooms/${encodeURIComponent(room)}/seats/${encodeURIComponent(seat)}`, {
    method: "POST",
    body: code === undefined ? undefined : JSON.stringify({ invite: code }),
  }).catch((error) => noSuchPlayer(room, Number(seat), error));
  tokens.add(room, claimed.seat, claimed.token);
  location.replace(`#/room/${encodeURIComponent(room)}`);
}

// The link's seat counts from 0, as the server's path does, and the server's refusal says so;
// a person counts players from 1: a seat past the room's last is refused in their words.
async function noSuchPlayer(room, seat, refusal) {
  const info = await api(`/rooms/${encodeURIComponent(room)}`).catch(() => null);
  if (!info || seat < info.players) throw refusal;
  throw new Error(`There is no Player ${seat + 1} in this room (Players 1 to ${info.players}).`);
}

async function showHowto(game, part, stale) {
  const response = await fetch(`/games/${encodeURIComponent(game)}/page/${part}`);
  if (!response.ok) throw new Error(`No ${part === "rules" ? "rules" : "how-to-play page"} for ${game}.`);
  const article = h("article", { class: "panel howto" });
  article.innerHTML = await response.text(); // our own docs, rendered without raw HTML
  const games = await api("/games");
  // Another page was asked for while this one loaded (a quick click on): it is not drawn over
  // that page, which a person may be typing into already.
  if (stale()) return false;
  const other = part === "rules" ? "howto" : "rules";
  replace(
    app,
    h(
      "nav",
      { class: "row panel", "aria-label": "Games" },
      games.map((g) =>
        h("a", { class: "btn", href: `#/howto/${g.name}`, "aria-current": g.name === game ? "page" : null }, g.title),
      ),
      h("a", { class: "btn", href: `#/howto/${game}${other === "rules" ? "/rules" : ""}` },
        other === "rules" ? "The rules in full, with every ruling" : "How to play"),
      h("a", { class: "btn", href: `#/cards/${game}` }, "Its card set (for designers)"),
    ),
    h("main", {}, article),
  );
  document.title = `angler: ${part === "rules" ? "rules" : "how to play"}`;
  return true;
}

// The colour patterns, once for every SVG of the page (url(#pat-red) and so on).
document.body.prepend(s("svg", { width: 0, height: 0, "aria-hidden": "true", class: "pattern-defs" }, patternDefs()));
mountAccountBar(document.getElementById("account-bar"));
window.addEventListener("hashchange", route);
route();
