// The lobby: quick play (a seat now, at the next open table of a game near your rating), set up
// a game (game, options, an uploaded card file, who sits where), and the live games, who sits
// at each with their rating, filtered by game and table rating, and the finished games to join,
// watch or replay.
import { h, playerLink, ratingWords, replace } from "/static/kit.js";
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
// Quick play's waits before bots take a new table's free seats (the server takes 5 to 600 s).
const WAITS = [[5, "5 seconds"], [15, "15 seconds"], [30, "30 seconds"], [60, "1 minute"], [120, "2 minutes"], [300, "5 minutes"]];
const DEFAULT_WAIT = 60;
const ARRIVAL = "angler:arrival:"; // + room: what quick play did, said once at the table (room.js)
const FILTERS = "angler:lobby-filters"; // the live list's filters, kept for the tab's session

export async function showLobby(app, params = new URLSearchParams()) {
  const games = await gameList();
  await sessionReady;
  const live = h("ul", { id: "live-rooms", class: "rooms", "aria-labelledby": "live-title" });
  // The signed-in account's live rooms, from any device: first, above the new game's form.
  const accountRooms = h("ul", { id: "account-rooms", class: "rooms" });
  const tables = h("section", { class: "panel your-tables", id: "your-tables", hidden: true, "aria-labelledby": "your-tables-title" },
    h("h2", { id: "your-tables-title" }, "Your tables"), accountRooms);
  const mine = h("ul", { id: "my-rooms", class: "rooms" });
  const yours = h("section", { class: "panel", hidden: true }, h("h2", {}, "Your games"), mine);
  const finished = h("ul", { id: "finished-rooms", class: "rooms" });
  const titles = Object.fromEntries(games.map((g) => [g.name, g.title]));
  let fetched = null; // the live rooms last fetched, and which of them the account holds
  const filters = liveFilters(games, params, () => {
    if (fetched) drawLive(live, fetched.rooms, titles, fetched.theirs, filters);
  });
  replace(app, h("main", { class: "lobby" },
    h("section", { class: "panel hero" }, h("h1", {}, "Three fishing card games"),
      h("p", { class: "muted" }, "Play against bots, with friends online, or pass one screen around. ",
        games.map((g, i) => [i ? " · " : "", h("a", { href: `#/howto/${g.name}` }, `How to play ${g.title}`)])),
      h("p", {}, h("a", { href: `#/leaderboard/${games[0].name}`, id: "leaderboard-link" }, "Leaderboards: the rated players of each game")),
      h("p", {}, h("a", { href: `#/cards/${games[0].name}`, id: "card-sets-link" }, "Card sets: for designers, edit a game's cards and compare them with the bundled set"))),
    quickPlay(games, titles),
    tables,
    createForm(games),
    h("div", {},
      yours,
      h("section", { class: "panel live-games", "aria-labelledby": "live-title" }, h("h2", { id: "live-title" }, "Live games"),
        filters.form, filters.shown, live),
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
      fetched = { rooms, theirs };
      drawLive(live, rooms, titles, theirs, filters);
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

/** The game last started here (the lobby's form or quick play), else the first one. */
function lastGame(games) {
  const last = localStorage.getItem(LAST_GAME);
  return games.some((g) => g.name === last) ? last : games[0].name;
}

const waitWords = (seconds) => (WAITS.find(([s]) => s === seconds) || [seconds, `${seconds} seconds`])[1];

// Quick play: a seat now, at the next open table of the game near your rating (a guest's is 25),
// else at a new table whose free seats go to bots after the wait chosen (POST /quickplay). The
// seat's token is kept as a claimed seat's, and the page goes to the table.
function quickPlay(games, titles) {
  const form = h("form", { id: "quick-play", class: "panel quick-play", "aria-labelledby": "quick-title" });
  const game = h("select", { id: "quick-game", name: "quick-game" }, games.map((g) => h("option", { value: g.name }, g.title)));
  game.value = lastGame(games);
  const players = h("select", { id: "quick-players", name: "quick-players" });
  const drawPlayers = () => {
    const chosen = games.find((g) => g.name === game.value);
    const before = players.value;
    const counts = Array.from({ length: chosen.max_players - chosen.min_players + 1 }, (_, i) => String(chosen.min_players + i));
    replace(players, h("option", { value: "" }, "Any"), counts.map((n) => h("option", { value: n }, n)));
    players.value = counts.includes(before) ? before : "";
  };
  drawPlayers();
  game.addEventListener("change", drawPlayers);
  const wait = h("select", { id: "quick-wait", name: "quick-wait" }, WAITS.map(([seconds, words]) => h("option", { value: String(seconds) }, words)));
  wait.value = String(DEFAULT_WAIT);
  // Rated: only for an account, shown only while one is signed in (the bar may sign in or out).
  const rated = h("input", { type: "checkbox", id: "quick-rated", name: "quick-rated" });
  const ratedField = h("div", { class: "field quick-rated", hidden: !session.account }, h("label", { class: "check" }, rated, " Rated"));
  const stopWatching = session.subscribe((account) => {
    if (!ratedField.isConnected) return stopWatching();
    ratedField.hidden = !account;
  });
  const button = h("button", { id: "quick-play-now", class: "btn primary", type: "submit" }, "Play now");
  const said = h("p", { id: "quick-status", class: "quick-status", role: "status" });
  const error = h("p", { id: "quick-error", class: "form-error", role: "alert" });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    said.textContent = "Looking for a table…";
    button.disabled = true;
    const body = { game: game.value, bots_after_s: Number(wait.value) };
    if (players.value) body.players = Number(players.value);
    if (session.account && rated.checked) body.rated = true;
    try {
      const seated = await api("/quickplay", { method: "POST", body: JSON.stringify(body) });
      tokens.add(seated.room, seated.seat, seated.token);
      localStorage.setItem(LAST_GAME, body.game);
      const title = titles[body.game] || body.game;
      const words = seated.created
        ? `Quick play: a new table of ${title} waits for people. If nobody comes, bots take its free seats after ${waitWords(body.bots_after_s)}.`
        : `Quick play: you joined a table of ${title} as Player ${seated.seat + 1}.`;
      said.textContent = words;
      sessionStorage.setItem(`${ARRIVAL}${seated.room}`, words);
      location.hash = `#/room/${encodeURIComponent(seated.room)}`;
    } catch (problem) {
      said.textContent = "";
      error.textContent = problem.message;
    } finally {
      button.disabled = false;
    }
  });
  const field = (id, label, control) => h("div", { class: "field" }, h("label", { for: id }, label), control);
  return replace(form,
    h("h2", { id: "quick-title" }, "Quick play"),
    h("p", { class: "muted" }, "A seat now at the next open table of the game near your rating (a guest's counts as 25), or a new table: if nobody comes, bots take its free seats after the wait you choose."),
    h("div", { class: "quick-fields" },
      field("quick-game", "Game", game),
      field("quick-players", "Players", players),
      field("quick-wait", "Fill with bots after", wait),
      ratedField,
      button),
    said,
    error);
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
  const first = lastGame(games);
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
    h("span", { class: "help" }, "The game counts for the ratings of everyone seated: only signed-in people take its seats, and its bots are the rated levels (easy, normal, hard, random or heuristic). Not with a person at this screen."));
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

// The live list's filters: a game, and a range of table ratings (mu). A table of guests only has
// no rating, so a range leaves it out, as GET /rooms does. They stay across the list's refreshes,
// in the address (#/?game=fishing&rating_min=20&rating_max=30) and in the tab's session storage
// (the lobby reached again by its link keeps them).
function liveFilters(games, params, changed) {
  const keys = ["game", "rating_min", "rating_max"];
  let kept = {};
  if (keys.some((key) => params.has(key))) kept = Object.fromEntries(keys.map((key) => [key, params.get(key) || ""]));
  else {
    try {
      kept = JSON.parse(sessionStorage.getItem(FILTERS) || "{}") || {};
    } catch {
      kept = {};
    }
  }
  const game = h("select", { id: "filter-game", name: "filter-game" },
    h("option", { value: "" }, "All games"), games.map((g) => h("option", { value: g.name }, g.title)));
  game.value = games.some((g) => g.name === kept.game) ? kept.game : "";
  const bound = (id, key) => h("input", { type: "number", id, name: id, step: "0.1", inputmode: "decimal",
    value: typeof kept[key] === "string" && kept[key].trim() !== "" && Number.isFinite(Number(kept[key])) ? kept[key].trim() : "",
    "aria-describedby": "filter-help" });
  const least = bound("filter-min", "rating_min");
  const most = bound("filter-max", "rating_max");
  const number = (input) => (input.value.trim() === "" || !Number.isFinite(Number(input.value)) ? null : Number(input.value));
  const clear = h("button", { type: "button", id: "filter-clear", class: "btn small" }, "Show all");
  const shown = h("p", { id: "live-shown", class: "muted live-shown", role: "status" });
  const active = () => game.value !== "" || number(least) !== null || number(most) !== null;
  const keep = () => {
    const chosen = { game: game.value, rating_min: number(least) === null ? "" : least.value.trim(), rating_max: number(most) === null ? "" : most.value.trim() };
    const query = new URLSearchParams(Object.entries(chosen).filter(([, value]) => value !== "")).toString();
    sessionStorage.setItem(FILTERS, JSON.stringify(chosen));
    if (!location.hash.replace(/^#\/?/, "").split("?")[0]) history.replaceState(null, "", query ? `#/?${query}` : "#/");
    clear.hidden = !active();
    changed();
  };
  for (const input of [game, least, most]) input.addEventListener(input === game ? "change" : "input", keep);
  clear.addEventListener("click", () => {
    game.value = least.value = most.value = "";
    keep();
    game.focus();
  });
  const form = h("form", { id: "live-filters", class: "filters", role: "search", "aria-label": "Filter the live games",
    onSubmit: (event) => event.preventDefault() },
  h("div", { class: "field" }, h("label", { for: "filter-game" }, "Game"), game),
  h("div", { class: "field" }, h("label", { for: "filter-min" }, "Table rating from"), least),
  h("div", { class: "field" }, h("label", { for: "filter-max" }, h("span", { class: "sr-only" }, "Table rating "), "up to"), most),
  clear,
  h("p", { id: "filter-help", class: "help" }, "A table's rating is the mean μ of its players with an account. A table of guests only has none: a rating range leaves it out."));
  queueMicrotask(keep); // the address says the filters it was opened with, or the session's
  return {
    form,
    shown,
    /** Whether the filters let `room` through. */
    keeps(room) {
      if (game.value && room.game !== game.value) return false;
      const [low, high] = [number(least), number(most)];
      if (low === null && high === null) return true;
      if (room.rating === null || room.rating === undefined) return false;
      return (low === null || room.rating >= low) && (high === null || room.rating <= high);
    },
    /** Say how many of the live games the filters show ("" with none set), only when it changes. */
    say(count, total) {
      const words = active() ? `Showing ${count} of ${total} live ${total === 1 ? "game" : "games"}.` : "";
      if (shown.textContent !== words) shown.textContent = words;
    },
  };
}

/** The people seated at a table, by name (as text, never markup) with their rating in its game. */
function seated(people) {
  if (!people || !people.length) return h("span", { class: "room-people muted" }, "Nobody has sat down yet.");
  // Each name keeps its rating beside it. The spaces between are for the text read out (a flex
  // box draws none), and so are the commas (the names are pills).
  return h("span", { class: "room-people" }, h("span", {}, "At the table:"), people.map((person, i) => [" ",
    h("span", { class: "room-person", "data-seat": String(person.seat) },
      playerLink(person.name, { class: "person-name" }),
      person.rating ? [" ", h("span", { class: "person-rating" }, `(${ratingWords(person.rating)})`)] : null,
      i < people.length - 1 ? h("span", { class: "sr-only" }, ",") : null)]));
}

function drawLive(list, rooms, titles, theirs, filters) {
  const shown = rooms.filter((room) => filters.keeps(room));
  filters.say(shown.length, rooms.length);
  if (!rooms.length) return replace(list, h("li", { class: "muted" }, "No game is being played. Start one!"));
  if (!shown.length) return replace(list, h("li", { class: "muted" }, "No live game matches these filters."));
  replace(list, shown.map((room) => {
    const id = encodeURIComponent(room.room);
    const held = Object.keys(tokens.of(room.room)).length > 0 || theirs.has(room.room);
    const rating = room.rating === null || room.rating === undefined ? null : room.rating;
    return h("li", { "data-room": room.room, "data-game": room.game, "data-rating": rating === null ? null : String(rating) },
      h("div", { class: "room-about" },
        h("div", {}, h("strong", {}, titles[room.game] || room.game), ` · ${room.players} players`,
          room.rated ? [" · ", h("span", { class: "tag rated" }, "Rated")] : null,
          " · ", h("span", { class: "table-rating" }, rating === null ? "no table rating" : `table rating μ ${rating.toFixed(1)}`)),
        h("div", {}, seated(room.people)),
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
