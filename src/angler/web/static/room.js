// A table: one socket per seat this browser holds (several make a hot-seat room, with a pass
// screen between people); else the signed-in account's seat, taken up by the account (a seat
// taken on another device: no token here); else one socket as a spectator. The game's own board
// draws the table; the shell around it is the same for every game: what you are deciding, the
// legal actions, undo, the log, the result, and keys.
import { h, notHere, numberLog, reducedMotion, replace, seatName, sentences } from "/static/kit.js";
import { ACCOUNT, accountSeat, api, RoomSocket, session, tokens } from "/static/net.js";
import { loadBoard } from "/static/boards.js";
import { Chat, confirmThen, People } from "/static/people.js";
import { Rematch } from "/static/rematch.js";

export async function showRoom(app, room, { watch = false } = {}) {
  // A seat token this browser keeps that the room does not know (a mistyped or foreign link) is
  // forgotten, and one kept under another seat's number is moved to the seat the room says it
  // is; then the table is drawn again: as the seats held, or watching. The account's seat taken
  // up without a token (from another device) that the room refuses (signed out meanwhile) is
  // not asked for again; and a table drawn for the account is drawn again when who is signed in
  // changes.
  let shown = { close: () => {}, account: undefined };
  let gone = false;
  const left = () => gone;
  let redrawn = Promise.resolve(); // one redraw at a time, should two tokens be refused at once
  const forgotten = new Set();
  let refused = null; // why the account's seat was refused here, once it was
  const redraw = (change) => {
    redrawn = redrawn
      .then(async () => {
        // Nothing to change: the table drawn since has no socket with that token (a second
        // answer for the same token, from a table that was about to be replaced).
        if (!change()) return;
        if (gone) return; // the page has moved on
        shown.close();
        shown = { close: () => {}, account: undefined };
        const notice = [forgotten.size ? forgottenNotice([...forgotten]) : "", refused || ""].filter(Boolean).join(" ");
        shown = await openTable(app, room, watch, notice, fixes, left);
      })
      .catch((error) => {
        // The old table's sockets are closed: say why there is no new one, as the router would.
        if (!gone) notHere(app, error.message);
      });
  };
  const fixes = {
    forget: (seat) => redraw(() => {
      if (!(seat in tokens.of(room))) return false;
      tokens.forget(room, seat);
      forgotten.add(seat);
      return true;
    }),
    move: (seat, actual) => redraw(() => {
      const token = tokens.of(room)[seat];
      if (token === undefined) return false;
      tokens.forget(room, seat);
      tokens.add(room, actual, token);
      return true;
    }),
    account: (message) => redraw(() => {
      if (refused) return false;
      refused = `This browser could not take up your account's seat: ${message.message}`;
      return true;
    }),
    get accountRefused() {
      return refused !== null;
    },
  };
  shown = await openTable(app, room, watch, "", fixes, left);
  const stop = session.subscribe((account) => redraw(() => shown.account !== undefined && shown.account !== (account ? account.id : null)));
  return () => {
    gone = true;
    stop();
    shown.close();
  };
}

function forgottenNotice(seats) {
  const players = seats.sort((a, b) => a - b).map((seat) => `Player ${seat + 1}`);
  if (players.length === 1) return `The link this browser kept for ${players[0]}'s seat is not a seat of this room, so it was forgotten.`;
  const named = `${players.slice(0, -1).join(", ")} and ${players.at(-1)}`;
  return `The links this browser kept for the seats of ${named} are not seats of this room, so they were forgotten.`;
}

// What the lobby's quick play said on the way here (a table joined, or made and waiting for
// people): said once, at the top of the table's panel.
function arrival(room) {
  const key = `angler:arrival:${room}`;
  const words = sessionStorage.getItem(key) || "";
  sessionStorage.removeItem(key);
  return words;
}

/** Draw the table and open its sockets: `close` closes them; `account`: the id of the account
 * the table was drawn for (null: nobody signed in), when it depends on who is signed in. */
async function openTable(app, room, watch, notice, fixes, left) {
  const info = await api(`/rooms/${encodeURIComponent(room)}`);
  const board = await loadBoard(info.game);
  const held = watch ? {} : tokens.of(room);
  let mine = Object.keys(held).map(Number).filter((seat) => Number.isInteger(seat) && seat >= 0).sort((a, b) => a - b);
  // No token here: the signed-in account may hold a seat (taken on another device).
  const asked = !watch && mine.length === 0 && !fixes.accountRefused;
  const byAccount = asked ? await accountSeat(room) : null; // (once the page knows who is signed in)
  const signedIn = asked ? session.account : null;
  if (byAccount !== null) mine = [byAccount];
  // A redraw whose page was left while the room was fetched draws nothing and opens no socket.
  if (left()) return { close: () => {} };
  const table = new Table(app, info, board, mine);
  const arrived = notice ? "" : arrival(room);
  table.notice.textContent = notice || arrived;
  table.notice.classList.toggle("arrival", arrived !== "");
  const sockets = new Map();
  const status = new Map();
  const handlers = (seat) => ({
    onState: (payload) => {
      // A link whose seat number is not its token's (`?seat=5&token=<seat 0's>`).
      if (byAccount === null && seat !== null && Number.isInteger(payload.seat) && payload.seat !== seat) return fixes.move(seat, payload.seat);
      table.receive(seat, payload);
    },
    onError: (error) => table.refused(error),
    onBadToken: (message) => (byAccount === null ? fixes.forget(seat) : fixes.account(message)),
    onPresence: (message) => table.presence(seat, message),
    onChat: (lines) => table.chat.receive(lines),
    onRematch: (message) => table.rematch.receive(message),
    onStatus: (up) => {
      status.set(seat, up);
      table.online([...status.values()].every(Boolean));
    },
  });
  if (mine.length === 0) sockets.set(null, new RoomSocket(room, null, handlers(null)));
  for (const seat of mine) sockets.set(seat, new RoomSocket(room, byAccount === null ? held[seat] : ACCOUNT, handlers(seat)));
  table.send = (seat, message) => sockets.get(seat)?.send(message);
  const close = () => {
    table.leave();
    for (const socket of sockets.values()) socket.close();
  };
  return { close, account: asked ? (signedIn ? signedIn.id : null) : undefined };
}

class Table {
  constructor(app, info, board, mine) {
    this.info = info;
    this.board = board;
    this.mine = mine;
    this.latest = new Map(); // seat (or null) -> its latest payload
    this.shown = mine.length === 1 ? mine[0] : mine.length === 0 ? null : undefined;
    this.pending = false;
    this.logLength = 0;
    this.build(app);
    this.keys = (event) => this.key(event);
    document.addEventListener("keydown", this.keys);
    document.title = `angler: ${info.title}`;
  }

  build(app) {
    const who = this.mine.length === 0
      ? "You are watching"
      : this.mine.length === 1
        ? `You are Player ${this.mine[0] + 1}`
        : `Hot seat: Players ${this.mine.map((s) => s + 1).join(", ")} play on this screen`;
    this.who = h("span", { class: "muted" }, who);
    this.status = h("span", { class: "status", role: "status" }, h("span", { class: "dot" }), "connecting…");
    this.boardRoot = h("div", { class: "board", role: "region", "aria-label": `${this.info.title} table` });
    this.prompt = h("p", { id: "prompt", "aria-live": "polite" });
    this.actions = h("div", { id: "actions", role: "group", "aria-label": "Your choices" });
    this.hint = h("p", { class: "muted", id: "hint" });
    this.error = h("p", { id: "error", role: "alert" });
    this.notice = h("p", { id: "notice", role: "status" }); // stays until the page is left
    this.undoButton = h("button", { id: "undo", class: "btn", type: "button", onClick: () => this.undo() }, "Undo", h("span", { class: "key" }, "U"));
    this.timers = h("p", { class: "timers", id: "timers" });
    this.log = h("ol", { id: "log", "aria-label": "What happened", tabindex: "0" });
    this.result = h("section", { id: "result", class: "panel", hidden: true, "aria-live": "polite" });
    this.passScreen = h("div", { id: "pass-screen", hidden: true, role: "dialog", "aria-modal": "true", "aria-labelledby": "pass-title" });
    this.announcer = h("p", { class: "sr-only", "aria-live": "polite" });
    this.people = new People(this);
    this.rematch = new Rematch(this); // drawn on the result panel, for the seats this browser holds
    // One chat for the table: a hot seat's sockets hear the same lines; the first one writes.
    this.chat = new Chat({
      seated: this.mine.length > 0,
      send: (text) => this.send(this.mine.length ? this.mine[0] : null, { type: "chat", text }),
      own: (line) => (line.seat !== null && line.seat !== undefined && this.mine.includes(line.seat))
        || (session.account !== null && line.name === session.account.name),
    });
    this.resignButton = h("button", { id: "resign", class: "btn", type: "button", hidden: this.mine.length === 0,
      onClick: () => this.resign() }, "Resign");
    const controls = h("div", { class: "row" }, this.undoButton, this.resignButton,
      h("button", { class: "btn", type: "button", onClick: () => this.showKeys() }, "Keys", h("span", { class: "key" }, "?")),
      h("a", { class: "btn", href: `#/howto/${this.info.game}`, target: "_blank", rel: "noopener" }, "How to play"));
    const side = h("aside", { class: "side" },
      h("section", { class: "panel", "aria-label": "Your decision" }, this.notice, this.prompt, this.actions, this.hint, this.error, this.timers, controls),
      this.people.element,
      this.chat.element,
      h("section", { class: "panel" }, h("h2", {}, "Log"), this.log));
    this.main = h("main", { class: "room", "data-room": this.info.room, "data-seat": "", "data-version": "", "data-over": "false" },
      h("header", { class: "room-head" }, h("h1", {}, this.info.title), this.who, this.status),
      this.result, h("h2", { class: "sr-only" }, "The table"), this.boardRoot, side);
    replace(app, this.main, this.passScreen, this.announcer);
  }

  presence(seat, message) {
    // Who is at the table changed (no move): the seats, and the notes the log shows.
    const payload = this.latest.get(seat);
    if (!payload) return;
    payload.seats = message.seats;
    payload.notes = message.notes;
    if (seat === this.shown) {
      this.people.update(message.seats, payload.seat, payload.over);
      this.drawLog(payload.log, payload.notes);
      if (payload.over) this.rematch.draw(); // a name in its answers may have changed
    }
  }

  resign() {
    const payload = this.latest.get(this.shown);
    if (!payload || payload.seat === null || payload.over) return;
    const words = payload.seats && payload.seats.length === 2
      ? "The other player wins at once."
      : "A bot plays your seat to the end, and you cannot win it.";
    confirmThen("Resign this game?", words, "Resign", () => this.send(this.shown, { type: "resign" }));
  }

  online(up) {
    this.status.classList.toggle("online", up);
    this.status.lastChild.textContent = up ? "connected" : "reconnecting…";
  }

  receive(seat, payload) {
    this.latest.set(seat, payload);
    this.pending = false;
    if (this.mine.length > 1) {
      // A resigned seat's turns are its bot's: nobody is passed the screen for them.
      const next = this.mine.find((s) => payload.to_act.includes(s) && !(payload.resigned || []).includes(s));
      if (next !== undefined && next !== this.shown) return this.askToPass(next);
      if (this.shown === undefined && this.passScreen.hidden) return this.askToPass(this.mine[0]);
      if (!this.passScreen.hidden) return;
    }
    if (seat === this.shown) this.draw(payload);
  }

  askToPass(seat) {
    this.shown = undefined;
    // Nothing of the last person's table stays on the page: board, choices and log go.
    replace(this.boardRoot);
    replace(this.actions);
    replace(this.log);
    this.logLength = 0;
    this.prompt.textContent = "";
    replace(this.passScreen,
      h("h2", { id: "pass-title" }, `Pass to Player ${seat + 1}`),
      h("p", {}, "Everyone else, look away. The table is hidden until you are ready."),
      h("button", { id: "pass-ready", class: "btn primary", type: "button", onClick: () => {
        this.passScreen.hidden = true;
        this.shown = seat;
        if (this.latest.has(seat)) this.draw(this.latest.get(seat));
      } }, `I am Player ${seat + 1}: show my table`));
    this.passScreen.hidden = false;
    this.passScreen.querySelector("button").focus();
  }

  draw(payload) {
    const seat = payload.seat;
    const ui = {
      act: (action) => this.act(action),
      seatName: (s) => seatName(s, seat),
      replay: Boolean(payload.ended), // a game ended unfinished is a still picture: no turn to take
      reducedMotion: reducedMotion(),
    };
    if (this.mine.length > 1) this.who.textContent = `Hot seat: Player ${seat + 1}'s table`;
    Object.assign(this.main.dataset, { seat: seat === null ? "spectator" : String(seat), version: String(payload.version), over: String(payload.over) });
    try {
      this.board.render(this.boardRoot, payload, ui);
    } catch (error) {
      console.warn("the board could not draw this payload", error);
    }
    this.drawDecision(payload);
    this.people.update(payload.seats || [], seat, payload.over);
    this.drawLog(payload.log, payload.notes);
    this.drawTimers(payload.timers || {}, seat);
    this.drawResult(payload);
    const deciding = seat !== null && payload.to_act.includes(seat) && !payload.over && !(payload.resigned || []).includes(seat);
    document.title = `${deciding ? "● Your turn: " : ""}angler: ${this.info.title}`;
  }

  drawDecision(payload) {
    const seat = payload.seat;
    const deciding = seat !== null && payload.to_act.includes(seat) && !payload.over && !(payload.resigned || []).includes(seat);
    const others = payload.to_act.filter((s) => s !== seat).map((s) => seatName(s, seat));
    this.prompt.classList.toggle("waiting", !deciding);
    const resigned = seat !== null && (payload.resigned || []).includes(seat);
    this.resignButton.hidden = seat === null || payload.over || resigned;
    this.prompt.textContent = payload.over
      ? payload.ended ? `${capital(payload.ended_words)}.` : "The game is over."
      : resigned
        ? "You resigned: a bot plays your seat to the end."
        : deciding
        ? payload.prompt
        : others.length
          ? `Waiting for ${others.join(" and ")}…`
          : "Waiting…";
    replace(this.actions, payload.legal.map((action, index) =>
      h("button", { class: "btn", type: "button", "data-action": String(action.code), title: action.text,
        onClick: () => this.act(action.text) },
        index < 9 ? h("span", { class: "key", "aria-hidden": "true" }, String(index + 1)) : null,
        (this.board.actionLabel && this.board.actionLabel(action, payload)) || action.label)));
    const hint = this.board.hint ? this.board.hint(payload) : payload.hint;
    this.hint.textContent = deciding ? hint || "" : "";
    this.undoButton.disabled = !payload.can_undo;
    this.error.textContent = "";
  }

  drawLog(gameLines, notes = []) {
    // The notes about people (a friend came, a bot took a seat over…) stand between the game's
    // own lines, each after the first `at` of them.
    const lines = [];
    const sorted = [...notes].sort((a, b) => a.at - b.at);
    let next = 0;
    gameLines.forEach((line, index) => {
      while (next < sorted.length && sorted[next].at <= index) lines.push(sorted[next++].text);
      lines.push(line);
    });
    while (next < sorted.length) lines.push(sorted[next++].text);
    const fresh = lines.length - this.logLength;
    const shown = lines.slice(-200);
    numberLog(this.log, lines.length - shown.length + 1, shown.length);
    replace(this.log, shown.map((line, index) => h("li", { class: index >= shown.length - fresh && this.logLength ? "fresh" : null }, line)));
    if (fresh > 0 && this.logLength) this.announcer.textContent = sentences(lines.slice(-Math.min(fresh, 3)));
    this.logLength = lines.length;
    this.log.scrollTop = this.log.scrollHeight;
  }

  drawTimers(timers, seat) {
    const parts = Object.entries(timers).map(([s, left]) => `${seatName(Number(s), seat)}: ${Math.ceil(left)} s`);
    this.timers.textContent = parts.length ? `Turn clock: ${parts.join(", ")}` : "";
  }

  drawResult(payload) {
    const appeared = payload.over && this.result.hidden;
    this.result.hidden = !payload.over;
    if (!payload.over) return;
    const seat = payload.seat;
    const winners = payload.winners || [];
    const order = (payload.scores || []).map((score, s) => [s, score]).sort((a, b) => b[1] - a[1]);
    const won = winners.map((s) => seatName(s, seat));
    const room = encodeURIComponent(this.info.room);
    this.result.dataset.winners = winners.join(",");
    this.result.dataset.ended = payload.ended || "";
    const resigned = (payload.resigned || []).map((s) => seatName(s, seat));
    const seated = seat !== null && this.mine.includes(seat);
    const heading = payload.ended && !won.length
      ? payload.ended === "abandoned" ? "Game abandoned" : payload.ended === "cancelled" ? "Game cancelled" : "Game ended"
      : won.length === 1 ? (won[0] === "You" ? "You win!" : `${won[0]} wins`) : `${won.join(" and ")} share the win`;
    replace(this.result,
      h("h2", {}, heading),
      payload.ended ? h("p", {}, `${capital(payload.ended_words)}.${won.length ? "" : " It counts for nobody."}`) : null,
      resigned.length ? h("p", { class: "muted" }, `Resigned: ${resigned.join(", ")}.`) : null,
      order.length ? h("table", {}, h("thead", {}, h("tr", {}, h("th", {}, "Player"), h("th", {}, "Score"))),
        h("tbody", {}, order.map(([s, score]) => h("tr", { class: winners.includes(s) ? "winner" : null }, h("td", {}, seatName(s, seat)), h("td", {}, String(score)))))) : null,
      // Play again: for the people at the table, not for a spectator (then the one main button).
      seated ? this.rematch.element : null,
      h("div", { class: "row" },
        h("a", { class: seated ? "btn" : "btn primary", href: `#/replay/${room}${seat === null ? "" : `?seat=${seat}`}` }, "Replay this game"),
        h("a", { class: "btn", href: `/rooms/${room}/record`, download: `angler-${this.info.game}-${this.info.room}.json` }, "Download the record"),
        h("a", { class: "btn", href: "#/" }, "Back to the lobby")));
    this.rematch.draw();
    // The last move was made down by the choices (a phone's thumb, a scrolled desktop): bring
    // who won to the eye, not only the prompt's "The game is over."
    if (appeared) this.result.scrollIntoView({ block: "start" });
  }

  act(action) {
    const payload = this.latest.get(this.shown);
    if (!payload || this.pending || payload.seat === null) return;
    this.pending = true;
    this.send(this.shown, { type: "move", action, version: payload.version });
  }

  undo() {
    const payload = this.latest.get(this.shown);
    if (!payload || payload.seat === null) return;
    this.send(this.shown, { type: "undo", version: payload.version });
  }

  refused(error) {
    this.pending = false;
    // A second press of a choice the room already took (another seat's simultaneous choice
    // arrived first and offered it again): nothing to tell the person.
    if (error.error === "duplicate") return;
    if (error.error === "chat") return this.chat.refused(error.message);
    if (error.error === "rematch" || (error.error === "offline" && this.rematch.pending)) return this.rematch.refused(error.message);
    this.error.textContent = error.message;
  }

  key(event) {
    if (event.target.closest && event.target.closest("input, select, textarea")) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (/^[1-9]$/.test(event.key)) {
      const button = this.actions.querySelectorAll("button")[Number(event.key) - 1];
      if (button) {
        event.preventDefault();
        button.click();
      }
    } else if (event.key === "u" || event.key === "U") {
      event.preventDefault();
      this.undo();
    } else if (event.key === "?") {
      event.preventDefault();
      this.showKeys();
    }
  }

  showKeys() {
    const dialog = h("dialog", { class: "keys", "aria-label": "Keys" },
      h("h2", {}, "Keys"),
      h("ul", {},
        h("li", {}, h("kbd", {}, "1"), "–", h("kbd", {}, "9"), " choose an action from the list"),
        h("li", {}, h("kbd", {}, "Tab"), " move between the cards and spots on the table; ", h("kbd", {}, "Enter"), " plays one"),
        h("li", {}, h("kbd", {}, "U"), " undo your last move, where that is fair"),
        h("li", {}, h("kbd", {}, "?"), " this list; ", h("kbd", {}, "Esc"), " closes it")),
      h("button", { class: "btn", type: "button", onClick: () => dialog.close() }, "Close"));
    dialog.addEventListener("close", () => dialog.remove());
    document.body.append(dialog);
    dialog.showModal();
  }

  leave() {
    document.removeEventListener("keydown", this.keys);
  }
}

function capital(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : "";
}
