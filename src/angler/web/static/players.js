// People's pages: #/player/NAME (their ratings per game with each one's history drawn as a
// chart, their results by number of players, their recent games) and #/leaderboard/GAME (each
// game's ratings, best first; ?least=N: the fewest games a name needs to be listed).
import { h, playerLink, ratingWords, replace, s } from "/static/kit.js";
import { api, playerInfo } from "/static/net.js";
import { gameList } from "/static/boards.js";

const ENDED = { abandoned: "abandoned", cancelled: "cancelled", resigned: "ended by resignation" };

function day(at) {
  const when = new Date(typeof at === "number" ? at * 1000 : at);
  return Number.isNaN(when.getTime()) ? "" : when.toISOString().slice(0, 10);
}

function percent(share) {
  return `${Math.round((share || 0) * 100)}%`;
}

export async function showPlayer(app, name) {
  const [info, games] = await Promise.all([playerInfo(name), gameList()]);
  const titles = Object.fromEntries(games.map((g) => [g.name, g.title]));
  const cards = info.by_game.map((entry) => gameCard(entry, titles, info.history.filter((point) => point.game === entry.game)));
  replace(app, h("main", { class: "player-page", "data-player": info.name },
    h("section", { class: "panel hero" },
      h("h1", { id: "player-name" }, info.name),
      h("p", { class: "muted" }, `Joined ${day(info.joined)} · ${info.games} finished ${info.games === 1 ? "game" : "games"}`,
        info.games >= info.counted ? ` (the figures below count the newest ${info.counted})` : ""),
      h("p", { class: "row" }, games.map((g) => h("a", { class: "btn small", href: `#/leaderboard/${g.name}` }, `${g.title} leaderboard`)))),
    cards.length ? cards : h("section", { class: "panel" }, h("p", { class: "muted" }, "No rated game yet.")),
    recentGames(info.recent, titles)));
  document.title = `angler: ${info.name}`;
}

function gameCard(entry, titles, history) {
  const rating = entry.rating;
  const rows = (entry.players || []).map((row) => h("tr", {},
    h("td", {}, String(row.players)), h("td", {}, String(row.games)), h("td", {}, String(row.wins)),
    h("td", {}, percent(row.win_share)), h("td", {}, row.mean_score === null || row.mean_score === undefined ? "–" : row.mean_score.toFixed(1)),
    h("td", {}, String(row.ended_early || 0))));
  return h("section", { class: "panel game-card", "data-game": entry.game },
    h("h2", {}, titles[entry.game] || entry.game),
    rating
      ? h("p", { class: "rating" },
        h("strong", { class: "rating-value" }, ratingWords(rating)),
        h("span", { class: "muted" }, ` · leaderboard ${rating.ordinal.toFixed(1)} (μ − 3σ) · ${rating.games} rated ${rating.games === 1 ? "game" : "games"}`))
      : h("p", { class: "muted" }, "Not rated yet."),
    history.length ? ratingChart(history, titles[entry.game] || entry.game) : null,
    rows.length
      ? h("div", { class: "table-scroll" }, h("table", { class: "stats" },
        h("caption", { class: "sr-only" }, "Results by number of players"),
        h("thead", {}, h("tr", {}, ["Players", "Games", "Wins", "Win share", "Mean score", "Ended early"].map((t) => h("th", { scope: "col" }, t)))),
        h("tbody", {}, rows)))
      : null);
}

/** The rating's history as an SVG line chart: μ after each rated game, a band of ±σ around it,
 * the axes labelled (rated games along, rating up). */
export function ratingChart(history, title) {
  // Drawn at the width it is shown at (a phone's, up to 640 px): its labels keep their size.
  const W = Math.round(Math.max(280, Math.min(640, window.innerWidth - 64)));
  const H = W < 420 ? 200 : 240;
  const pad = { left: 44, right: 12, top: 12, bottom: 38 };
  const points = [{ mu: 25, sigma: 25 / 3 }, ...history]; // every account starts at 25 ± 8.3
  const lows = points.map((p) => p.mu - p.sigma);
  const highs = points.map((p) => p.mu + p.sigma);
  // The axis runs between whole ticks (every 5, or every 10 for a wide range), each labelled.
  const step = Math.max(...highs) - Math.min(...lows) > 25 ? 10 : 5;
  const low = Math.floor(Math.min(...lows) / step) * step;
  const high = Math.max(low + 2 * step, Math.ceil(Math.max(...highs) / step) * step);
  const x = (i) => pad.left + (points.length === 1 ? 0 : (i / (points.length - 1)) * (W - pad.left - pad.right));
  const y = (v) => pad.top + (1 - (v - low) / (high - low)) * (H - pad.top - pad.bottom);
  const line = (values) => values.map((v, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
  const band = `${line(highs)} ${lows.map((v, i) => [i, v]).reverse().map(([i, v]) => `L${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ")} Z`;
  const ticks = [];
  for (let v = low; v <= high; v += step) ticks.push(v);
  const last = points.length - 1;
  const along = [...new Set([0, Math.round(last / 2), last])];
  const now = history[history.length - 1];
  return s("svg", { class: "rating-chart", viewBox: `0 0 ${W} ${H}`, role: "img",
    "aria-label": `${title}: rating after each of ${history.length} rated games, now ${ratingWords(now)}` },
  s("title", {}, `${title}: rating history`),
  ticks.map((v) => [
    s("line", { class: "grid", x1: pad.left, x2: W - pad.right, y1: y(v), y2: y(v) }),
    s("text", { class: "tick", x: pad.left - 6, y: y(v) + 4, "text-anchor": "end" }, String(v)),
  ]),
  along.map((i) => s("text", { class: "tick", x: x(i), y: H - pad.bottom + 16, "text-anchor": "middle" }, String(i))),
  s("line", { class: "axis", x1: pad.left, x2: pad.left, y1: pad.top, y2: H - pad.bottom }),
  s("line", { class: "axis", x1: pad.left, x2: W - pad.right, y1: H - pad.bottom, y2: H - pad.bottom }),
  s("path", { class: "band", d: band }),
  s("path", { class: "mu", d: line(points.map((p) => p.mu)) }),
  points.map((p, i) => s("circle", { class: "dot", cx: x(i), cy: y(p.mu), r: 3 })),
  s("text", { class: "axis-label", x: (pad.left + W - pad.right) / 2, y: H - 4, "text-anchor": "middle" }, "Rated games"),
  s("text", { class: "axis-label", x: 12, y: (pad.top + H - pad.bottom) / 2, "text-anchor": "middle",
    transform: `rotate(-90 12 ${(pad.top + H - pad.bottom) / 2})` }, "Rating μ ± σ"));
}

function recentGames(recent, titles) {
  const items = (recent || []).map((game) => {
    const id = encodeURIComponent(game.room);
    const how = game.ended ? ENDED[game.ended] || game.ended : game.won ? "won" : "lost";
    const scores = (game.scores || []).join(" / ");
    return h("li", { "data-room": game.room },
      h("span", {}, h("strong", {}, titles[game.game] || game.game), ` · ${game.players} players · ${how}`, h("br"),
        h("small", { class: "muted" }, `${day(game.at)}${scores ? ` · scores ${scores}` : ""}`)),
      h("a", { class: "btn", href: `#/replay/${id}?seat=${game.seat}` }, "Replay"));
  });
  return h("section", { class: "panel" }, h("h2", {}, "Recent games"),
    items.length ? h("ul", { class: "rooms", id: "recent-games" }, items) : h("p", { class: "muted" }, "No finished game yet."));
}

export async function showLeaderboard(app, game, params) {
  const games = await gameList();
  const chosen = games.find((g) => g.name === game) || games[0];
  const least = params.get("least");
  const query = least && /^\d{1,4}$/.test(least) ? `?least_games=${least}` : "";
  const rows = await api(`/leaderboard/${encodeURIComponent(chosen.name)}${query}`);
  const picker = h("nav", { class: "row", "aria-label": "Game" },
    games.map((g) => h("a", { class: "btn", href: `#/leaderboard/${g.name}${query ? `?least=${least}` : ""}`,
      "aria-current": g.name === chosen.name ? "page" : null }, g.title)));
  replace(app, h("main", { class: "leaderboard", "data-game": chosen.name },
    h("section", { class: "panel" },
      h("h1", {}, `${chosen.title}: leaderboard`),
      picker,
      h("p", { class: "muted" }, `Ranked by μ − 3σ, the rating less its doubt; listed from ${query ? least : 5} rated ${(query ? least : 5) === "1" ? "game" : "games"}.`),
      rows.length
        ? h("div", { class: "table-scroll" }, h("table", { class: "stats", id: "leaderboard" },
          h("thead", {}, h("tr", {}, ["Rank", "Name", "Rating", "Games"].map((t) => h("th", { scope: "col" }, t)))),
          h("tbody", {}, rows.map((row) => h("tr", { "data-name": row.name },
            h("td", {}, String(row.rank)), h("td", {}, playerLink(row.name)),
            h("td", { class: "nowrap" }, ratingWords(row)), h("td", {}, String(row.games)))))))
        : h("p", { class: "muted", id: "leaderboard-empty" }, "Nobody has played enough rated games yet."))));
  document.title = `angler: ${chosen.title} leaderboard`;
}
