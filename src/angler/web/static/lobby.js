// The lobby: set up a game (game, options, an uploaded card file, who sits where), and the
// live and finished games to join, watch or replay.
import { h, replace } from "/static/kit.js";
import { api, invites, myRooms, session, sessionReady, tokens } from "/static/net.js";
import { gameList } from "/static/boards.js";
import { drawAccountRooms } from "/static/account.js";

const SEAT_KINDS = [
  ["you", "You"],
  ["hotseat", "A person at this screen (hot seat)"],
  ["friend", "A friend, by invitation link"],
  ["public", "Anyone, from the lobby"],
];
const PACES = [["200", "Fast"], ["800", "Normal"], ["2000", "Slow"]];
const TAKEOVER_LEVELS = ["easy", "normal", "hard"];
const BOT_NAMES = { easy: "Bot: easy", normal: "Bot: normal", hard: "Bot: hard", heuristic: "Bot: heuristic", random: "Bot: random" };
const REFRESH_MS = 4000;
const ENDED = { abandoned: "abandoned: everyone left", cancelled: "cancelled before it began", resigned: "ended by resignation" };
const CARD_FILE_LIMIT = 200 * 1024; // the server takes a room's whole request up to 256 KB
const LAST_GAME = "angler:last-game"; // the lobby offers the game last started first

export async function showLobby(app) {
  const games = await gameList();
  await sessionReady;
  const live = h("ul", { id: "live-rooms", class: "rooms" });
  // The signed-in account's live rooms, from any device: first, above the new game's form.
  const accountRooms = h("ul", { id: "account-rooms", class: "rooms" });
  const tables = h("section", { class: "panel your-tables", id: "your-tables", hidden: true, "aria-labelledby": "your-tables-title" },
    h("h2", { id: "your-tables-title" }, "Your tables"), accountRooms);
  const mine = h("ul", { id: "my-rooms", class: "rooms" });
  const yours = h("section", { class: "panel", hidden: true }, h("h2", {}, "Your games"), mine);
  const finished = h("ul", { id: "finished-rooms", class: "rooms" });
  const titles = Object.fromEntries(games.map((g) => [g.name, g.title]));
  replace(app, h("main", { class: "lobby" },
    h("section", { class: "panel hero" }, h("h1", {}, "Three fishing card games"),
      h("p", { class: "muted" }, "Play against bots, with friends online, or pass one screen around. ",
        games.map((g, i) => [i ? " · " : "", h("a", { href: `#/howto/${g.name}` }, `How to play ${g.title}`)])),
      h("p", {}, h("a", { href: `#/leaderboard/${games[0].name}`, id: "leaderboard-link" }, "Leaderboards: the rated players of each game"))),
    tables,
    createForm(games),
    h("div", {},
      yours,
      h("section", { class: "panel" }, h("h2", {}, "Live games"), live),
      h("section", { class: "panel" }, h("h2", {}, "Finished games"), finished))));
  document.title = "angler: lobby";
  const refresh = async () => {
    try {
      const signedIn = session.account !== null;
      const [rooms, done, held] = await Promise.all([api("/rooms/live"), api("/rooms/finished"),
        signedIn ? myRooms().catch(() => []) : []]);
      tables.hidden = !signedIn || session.account === null || held.length === 0;
      if (!tables.hidden) drawAccountRooms(accountRooms, held, titles);
      const theirs = new Set(held.map((room) => room.room));
      drawLive(live, rooms, titles, theirs);
      await drawYours(yours, mine, rooms, titles, theirs);
      drawFinished(finished, done.slice(-15).reverse(), titles);
    } catch (error) {
      replace(live, h("li", { class: "muted" }, error.message));
    }
  };
  await refresh();
  const timer = setInterval(refresh, REFRESH_MS);
  const stop = session.subscribe(refresh); // signed in or out (another tab's bar, too): at once
  return () => {
    clearInterval(timer);
    stop();
  };
}

function createForm(games) {
  const form = h("form", { id: "create", class: "panel", "aria-labelledby": "create-title" });
  const error = h("p", { id: "error", role: "alert" });
  const options = h("div", { id: "options" });
  const seats = h("div", { class: "seats", id: "seats" });
  const players = h("input", { type: "number", name: "players", id: "players", inputmode: "numeric" });
  const cards = h("input", { type: "file", name: "cards", id: "cards", accept: ".json,application/json" });
  const chooser = h("div", { class: "games", role: "radiogroup", "aria-label": "Game" });
  const select = h("select", { name: "game", id: "game", class: "sr-only", tabindex: "-1", "aria-hidden": "true" },
    games.map((g) => h("option", { value: g.name }, g.title)));
  const last = localStorage.getItem(LAST_GAME);
  const first = games.some((g) => g.name === last) ? last : games[0].name;
  select.value = first;
  for (const game of games) {
    chooser.append(h("label", { class: "game-choice" },
      h("input", { type: "radio", name: "game-choice", value: game.name, checked: game.name === first,
        onChange: () => { select.value = game.name; choose(); } }),
      h("strong", {}, game.title), h("small", {}, `${game.min_players}–${game.max_players} players. ${game.summary}`)));
  }
  // The hidden select mirrors the radios, so scripts and tests may set the game directly.
  select.addEventListener("change", () => {
    const radio = chooser.querySelector(`input[value="${select.value}"]`);
    if (radio) radio.checked = true;
    choose();
  });
  const current = () => games.find((g) => g.name === select.value);

  function drawSeats() {
    const game = current();
    const count = Math.max(game.min_players, Math.min(game.max_players, Number(players.value) || game.default_players));
    const before = [...seats.querySelectorAll("select")].map((s) => s.value);
    replace(seats, Array.from({ length: count }, (_, seat) => {
      const choice = h("select", { name: `seat-${seat}`, id: `seat-${seat}` },
        SEAT_KINDS.map(([value, text]) => h("option", { value }, text)),
        game.bots.map((bot) => h("option", { value: bot }, BOT_NAMES[bot] || `Bot: ${bot}`)));
      choice.value = before[seat] || (seat === 0 ? "you" : "normal");
      return h("label", {}, `Player ${seat + 1}`, choice);
    }));
  }

  function choose() {
    const game = current();
    Object.assign(players, { min: game.min_players, max: game.max_players, value: game.default_players });
    replace(options, game.options.map((option) => {
      const id = `option-${option.name}`;
      if (option.kind === "bool") {
        return h("div", { class: "field" }, h("label", {}, h("input", { type: "checkbox", id, name: id, checked: option.default === true }),
          ` ${option.name.replaceAll("_", " ")}`), h("span", { class: "help" }, option.help));
      }
      return h("div", { class: "field" }, h("label", { for: id }, option.name.replaceAll("_", " ")),
        h("input", { type: "text", id, name: id, placeholder: String(option.default ?? "") }), h("span", { class: "help" }, option.help));
    }));
    drawSeats();
  }
  // The field says as many players as there are seats: a number past the game's most is taken
  // back at once (99 -> 5), and one left below its least, or empty, when the field is left.
  const clampPlayers = (atOnce) => {
    const game = current();
    const typed = Number(players.value);
    if (!atOnce || typed > game.max_players) players.value = String(seats.querySelectorAll("select").length);
  };
  players.addEventListener("input", () => {
    drawSeats();
    clampPlayers(true);
  });
  players.addEventListener("change", () => clampPlayers(false));

  const room = roomSettings(seats);

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    const button = form.querySelector("#create-room");
    button.disabled = true;
    try {
      const made = await createRoom(current(), players, options, seats, cards, room.read());
      localStorage.setItem(LAST_GAME, current().name);
      location.hash = `#/room/${encodeURIComponent(made)}`;
    } catch (problem) {
      error.textContent = problem.message;
    } finally {
      button.disabled = false;
    }
  });

  form.append(
    h("h2", { id: "create-title" }, "New game"),
    chooser, select,
    h("div", { class: "field" }, h("label", { for: "players" }, "Players"), players),
    h("fieldset", { class: "field seat-kinds" }, h("legend", {}, "Who sits where"), seats),
    room.rated,
    room.box,
    h("details", {}, h("summary", {}, "Options and card file"),
      options,
      h("div", { class: "field" }, h("label", { for: "cards" }, "Card file"), cards,
        h("span", { class: "help" }, "A card set as JSON (the format of the bundled cards.json); none: the bundled edition."))),
    error,
    h("button", { id: "create-room", class: "btn primary", type: "submit" }, "Start the game"));
  queueMicrotask(choose);
  return form;
}

// The room's settings for playing with people: listed in the lobby or by link only, the clocks,
// which bot plays for someone away, and how fast bots move. Blank fields keep the server's
// defaults (docs/server.md, "Room settings").
function roomSettings(seatsBox) {
  const listed = h("input", { type: "checkbox", id: "setting-listed", name: "listed" });
  let listedChosen = false; // until the creator ticks it, it follows the seats
  listed.addEventListener("change", () => { listedChosen = true; });
  const followSeats = () => {
    if (listedChosen) return;
    const kinds = [...seatsBox.querySelectorAll("select")].map((select) => select.value);
    listed.checked = !kinds.includes("friend");
  };
  new MutationObserver(followSeats).observe(seatsBox, { childList: true });
  seatsBox.addEventListener("change", followSeats);
  const seconds = (id, label, placeholder, help) => h("div", { class: "field" },
    h("label", { for: id }, label),
    h("input", { type: "number", id, name: id, min: "0", step: "1", inputmode: "numeric", placeholder }),
    h("span", { class: "help" }, help));
  const pace = h("select", { id: "setting-pace", name: "pace" }, PACES.map(([ms, text]) => h("option", { value: ms }, text)));
  pace.value = "800";
  const takeover = h("select", { id: "setting-takeover", name: "takeover" }, TAKEOVER_LEVELS.map((level) => h("option", { value: level }, level)));
  takeover.value = "normal";
  const box = h("details", { id: "room-settings" }, h("summary", {}, "Room settings: listing, clocks, bots"),
    h("div", { class: "field" }, h("label", {}, listed, " List this game in the lobby"),
      h("span", { class: "help" }, "Listed: anyone may watch it, and take its seats for anyone. Not listed: only its links reach it (the default when you invite a friend).")),
    seconds("setting-turn", "Turn timer (seconds)", "none", "A person who takes longer has a bot move for them once."),
    seconds("setting-grace", "Grace period (seconds)", "60", "How long a person who dropped out keeps their seat before a bot plays for them."),
    h("div", { class: "field" }, h("label", { for: "setting-takeover" }, "Bot that plays for someone away"), takeover),
    h("div", { class: "field" }, h("label", { for: "setting-pace" }, "Bot speed"), pace),
    seconds("setting-wait", "Wait for friends (seconds)", "180", "After this, the table offers to give a seat nobody came to to a bot, or to cancel the game (you may at any time)."),
    seconds("setting-abandon", "End a game everyone left after (seconds)", "300", "A game every player has left ends as abandoned: it counts for nobody."));
  queueMicrotask(followSeats);
  // Rated: only for an account, shown only while one is signed in (the bar may sign in or out).
  const rated = h("input", { type: "checkbox", id: "setting-rated", name: "rated" });
  const ratedField = h("div", { class: "field", id: "rated-field", hidden: !session.account },
    h("label", {}, rated, " Rated"),
    h("span", { class: "help" }, "The game counts for your rating in this game: you alone among bots (easy, normal, hard, random or heuristic)."));
  const stopWatching = session.subscribe((account) => {
    if (!ratedField.isConnected) return stopWatching();
    ratedField.hidden = !account;
  });
  const read = () => {
    const settings = { listed: listed.checked, pace_ms: Number(pace.value), takeover: takeover.value };
    if (session.account && rated.checked) settings.rated = true;
    for (const [id, key] of [["setting-turn", "turn_s"], ["setting-grace", "grace_s"], ["setting-wait", "claim_wait_s"], ["setting-abandon", "abandon_s"]]) {
      const value = box.querySelector(`#${id}`).value.trim();
      if (value) settings[key] = Number(value);
    }
    return settings;
  };
  return { box, read, rated: ratedField };
}

async function createRoom(game, players, optionsBox, seatsBox, cardsInput, settings) {
  const kinds = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
  const seats = kinds.map((kind) => (kind === "you" || kind === "hotseat" ? "human" : kind === "friend" ? "open" : kind));
  // "public" stays "public": an open seat anyone may take
  if (!seats.includes("human")) throw new Error("Choose at least one seat for you (or a person at this screen).");
  const options = {};
  for (const option of game.options) {
    const input = optionsBox.querySelector(`#option-${option.name}`);
    if (!input) continue;
    if (option.kind === "bool" ? input.checked !== (option.default === true) : input.value.trim()) {
      options[option.name] = option.kind === "bool" ? input.checked : input.value.trim();
    }
  }
  const body = { game: game.name, seats, options, settings };
  const file = cardsInput.files && cardsInput.files[0];
  if (file) {
    if (file.size > CARD_FILE_LIMIT) {
      throw new Error(`The card file ${file.name} is ${Math.round(file.size / 1024)} KB: a card file is at most ${CARD_FILE_LIMIT / 1024} KB.`);
    }
    try {
      body.cards = JSON.parse(await file.text());
    } catch {
      throw new Error(`The card file ${file.name} is not JSON.`);
    }
    if (body.cards === null || typeof body.cards !== "object" || Array.isArray(body.cards)) {
      throw new Error(`The card file ${file.name} is not a card set: a card set is a JSON object (as the bundled cards.json).`);
    }
  }
  const created = await api("/rooms", { method: "POST", body: JSON.stringify(body) });
  for (const seat of created.seats) {
    if (seat.token) tokens.add(created.room, seat.seat, seat.token);
    if (seat.code) invites.add(created.room, seat.seat, seat.code); // the friend's link, kept to show again
  }
  return created.room;
}

function seatWords(room) {
  // An invitation's seat stays "open" among the kinds; once claimed, a friend sits there.
  const open = new Set(room.open_seats || []);
  const word = (kind, seat) => (kind === "human" ? "person" : kind === "open" ? "friend" : kind === "public" ? (open.has(seat) ? "open seat" : "person") : `${kind} bot`);
  return room.seats.map(word).join(", ");
}

function drawLive(list, rooms, titles, theirs) {
  if (!rooms.length) return replace(list, h("li", { class: "muted" }, "No game is being played. Start one!"));
  replace(list, rooms.map((room) => {
    const id = encodeURIComponent(room.room);
    const held = Object.keys(tokens.of(room.room)).length > 0 || theirs.has(room.room);
    return h("li", { "data-room": room.room },
      h("span", {}, h("strong", {}, titles[room.game] || room.game), ` · ${room.players} players`, h("br"),
        h("small", { class: "muted" }, seatWords(room))),
      h("span", { class: "row" },
        held ? h("a", { class: "btn primary", href: `#/room/${id}` }, "Back to my seat") : null,
        room.open_seats.map((seat) => h("a", { class: "btn primary", href: `#/join/${id}/${seat}` }, `Join as Player ${seat + 1}`)),
        h("a", { class: "btn", href: `#/room/${id}?watch` }, "Watch")));
  }));
}

// Games this browser holds a seat of that the live list leaves out (a game by invitation is not
// listed) and the account's tables leave out: the way back to them. A few at most, the newest
// kept first.
const YOURS_SHOWN = 6;
async function drawYours(section, list, listed, titles, theirs) {
  const shown = new Set([...listed.map((room) => room.room), ...theirs]);
  const held = Object.keys(localStorage)
    .filter((key) => key.startsWith("angler:tokens:"))
    .map((key) => key.slice("angler:tokens:".length))
    .filter((room) => !shown.has(room))
    .slice(-YOURS_SHOWN);
  const infos = await Promise.all(held.map((room) => api(`/rooms/${encodeURIComponent(room)}`).catch(() => null)));
  const live = infos.filter((info) => info && !info.over);
  section.hidden = live.length === 0;
  replace(list, live.map((info) => h("li", { "data-room": info.room },
    h("span", {}, h("strong", {}, titles[info.game] || info.game), ` · ${info.players} players`, h("br"),
      h("small", { class: "muted" }, info.listed ? "listed" : "by invitation: not listed")),
    h("span", { class: "row" }, h("a", { class: "btn primary", href: `#/room/${encodeURIComponent(info.room)}` }, "Back to my seat")))));
}

function drawFinished(list, rooms, titles) {
  if (!rooms.length) return replace(list, h("li", { class: "muted" }, "No game has finished yet."));
  replace(list, rooms.map((room) => {
    const id = encodeURIComponent(room.room);
    const winners = (room.result.winners || []).map((s) => `Player ${s + 1}`).join(" and ");
    const ended = room.result.ended; // abandoned, cancelled or resigned: no result to count
    const how = ended === "resigned" && winners ? `won by ${winners} (a player resigned)` : ended ? ENDED[ended] || ended : `won by ${winners || "nobody"}`;
    return h("li", { "data-room": room.room, "data-ended": ended || null },
      h("span", {}, h("strong", {}, titles[room.game] || room.game), ` · ${how}`, h("br"),
        h("small", { class: "muted" }, ended ? "not counted as a result" : `scores ${(room.result.scores || []).join(" / ")}`)),
      h("span", { class: "row" },
        h("a", { class: "btn", href: `#/replay/${id}?seat=all` }, "Replay"),
        h("a", { class: "btn", href: `/rooms/${id}/record`, download: `angler-${room.game}-${room.room}.json` }, "Record")));
  }));
}
