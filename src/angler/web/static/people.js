// The people at a table: who each is (an account's name, or "Guest N"), here, away (with the
// seconds before a bot plays for them), played by a bot, resigned or not yet come; and the creator's say over seats nobody took: each
// one's link, giving it to a bot, cancelling the game, the bots' speed.
import { h, playerLink, ratingWords, replace, seatName } from "/static/kit.js";
import { invites, muted, rematches } from "/static/net.js";

const LEVELS = ["easy", "normal", "hard"];
const PACES = [["200", "Fast"], ["800", "Normal"], ["2000", "Slow"]];

/** The words for one seat's person, `elapsed` seconds after the entry was sent. */
export function presenceWords(entry, elapsed = 0) {
  const left = (seconds) => Math.max(0, Math.ceil(seconds - elapsed));
  switch (entry.state) {
    case "here":
      return "here";
    case "away":
      return entry.takeover_in_s === undefined ? "away" : `away: a bot plays for them in ${left(entry.takeover_in_s)} s`;
    case "resigned":
      return `resigned: a ${entry.bot} bot plays on`;
    case "waiting":
      return entry.kind === "invitation" ? "invited, not here yet" : "open seat: anyone may take it";
    default:
      return entry.kind === "bot" ? `${entry.bot} bot` : `away: a ${entry.bot} bot plays for them`;
  }
}

export class People {
  /** `table`: the room's Table (its info, the seats this browser holds, and `send`). */
  constructor(table) {
    this.table = table;
    this.list = h("ul", { id: "people", class: "people" });
    this.offer = h("p", { id: "seat-offer", class: "offer", role: "status", hidden: true });
    this.controls = h("div", { id: "creator" });
    this.element = h("section", { class: "panel", "aria-labelledby": "people-title" },
      h("h2", { id: "people-title" }, "Players"), this.list, this.offer, this.controls);
    this.seats = [];
    this.sentAt = 0;
    this.viewer = null;
    this.ticker = setInterval(() => this.tick(), 1000);
  }

  /** The seat (of those this browser holds) that made the room, or undefined. */
  get creator() {
    return this.table.mine.find((seat) => this.table.info.seats[seat] === "human");
  }

  update(seats, viewer, over) {
    const shape = (list) => JSON.stringify(list.map((entry) => [entry.seat, entry.kind, entry.state, entry.bot]));
    const before = `${shape(this.seats)}${this.over}`;
    this.seats = seats || [];
    this.sentAt = performance.now();
    this.viewer = viewer;
    this.over = over;
    this.drawList();
    this.drawOffer();
    // The controls hold inputs a person may be using: drawn again only when the seats change.
    if (before !== `${shape(this.seats)}${over}` || !this.controls.dataset.drawn) this.drawControls();
  }

  tick() {
    if (!this.element.isConnected) return clearInterval(this.ticker);
    if (this.seats.some((entry) => entry.takeover_in_s !== undefined || entry.offer_in_s > 0)) {
      this.drawList();
      this.drawOffer();
    }
  }

  elapsed() {
    return (performance.now() - this.sentAt) / 1000;
  }

  drawList() {
    const elapsed = this.elapsed();
    replace(this.list, this.seats.map((entry) => {
      const name = seatName(entry.seat, this.viewer);
      const who = name === "You" ? `Player ${entry.seat + 1} (you)` : name;
      // A person's name is theirs to choose: it is text, never markup.
      const person = typeof entry.name === "string" ? playerLink(entry.name, { class: "person-name" }) : null;
      const rating = entry.rating && typeof entry.rating.mu === "number"
        ? h("span", { class: "person-rating", title: "Rating: μ ± σ" }, ratingWords(entry.rating, 0))
        : null;
      return h("li", { "data-seat": String(entry.seat), "data-state": entry.state, class: `presence-${entry.state}` },
        h("span", { class: "presence-dot", "aria-hidden": "true" }),
        h("strong", {}, who), person ? [" ", person] : null, rating ? [" ", rating] : null,
        " ", h("span", { class: "muted" }, presenceWords(entry, elapsed)));
    }));
  }

  waiting() {
    return this.seats.filter((entry) => entry.state === "waiting");
  }

  drawOffer() {
    const late = this.over || this.creator === undefined ? [] : this.waiting().filter((entry) => entry.offer_in_s - this.elapsed() <= 0);
    this.offer.hidden = late.length === 0;
    if (this.offer.hidden) return;
    const names = late.map((entry) => `Player ${entry.seat + 1}`).join(" and ");
    this.offer.textContent = `${names} ${late.length === 1 ? "has" : "have"} not come yet. Give the seat to a bot below, or cancel the game.`;
  }

  drawControls() {
    this.controls.dataset.drawn = "yes";
    const creator = this.creator;
    if (creator === undefined || this.over) return replace(this.controls);
    const room = this.table.info.room;
    const codes = invites.of(room);
    const rematch = typeof rematches.of(room).from === "string"; // a seat kept for who played the last game
    const base = `${location.origin}${location.pathname}#/join/${encodeURIComponent(room)}`;
    const waiting = this.waiting();
    const send = (message) => this.table.send(creator, message);
    const seatsPart = waiting.map((entry) => {
      const code = codes[entry.seat];
      const link = entry.kind === "public" ? `${base}/${entry.seat}` : code ? `${base}/${entry.seat}/${encodeURIComponent(code)}` : null;
      const level = h("select", { id: `bot-for-${entry.seat}`, "aria-label": `Bot level for Player ${entry.seat + 1}` },
        LEVELS.map((name) => h("option", { value: name }, name)));
      level.value = "normal";
      return h("div", { class: "waiting-seat", "data-seat": String(entry.seat) },
        h("h3", {}, `Player ${entry.seat + 1}: ${entry.kind === "public" ? "an open seat" : "an invitation"}`),
        link
          ? h("label", {}, entry.kind === "public" ? "Anyone may take it with this link:" : "Send your friend this link (it claims the seat once):",
            h("input", { type: "text", readonly: true, value: link, class: "invite-link", onFocus: (e) => e.target.select() }))
          : h("p", { class: "muted" }, rematch
            ? "Kept for who played it in the last game: they say yes on its end screen."
            : "Its link was shown in the browser that made the game."),
        h("div", { class: "row" }, level,
          h("button", { class: "btn", type: "button", id: `give-${entry.seat}`, onClick: () => send({ type: "seat", seat: entry.seat, bot: level.value }) },
            "Give the seat to a bot")));
    });
    const current = String(this.table.info.pace_ms ?? 800);
    // A pace set through the API may be none of the three: it is shown as it is, not as a blank.
    const paces = PACES.some(([ms]) => ms === current) ? PACES : [...PACES, [current, `${current} ms a move`]];
    const pace = h("select", { id: "bot-pace", "aria-label": "Bot speed" }, paces.map(([ms, text]) => h("option", { value: ms }, text)));
    pace.value = current;
    pace.addEventListener("change", () => send({ type: "pace", pace_ms: Number(pace.value) }));
    const anyBot = this.seats.some((entry) => entry.kind === "bot" || entry.state === "bot" || entry.state === "resigned");
    replace(this.controls,
      seatsPart,
      waiting.length
        ? h("p", {}, h("button", { class: "btn danger", type: "button", id: "cancel-room",
          onClick: () => confirmThen("Cancel this game?", "Everyone at the table is told; the game counts for nobody.", "Cancel the game", () => send({ type: "cancel" })) },
        "Cancel the game"))
        : null,
      anyBot || waiting.length ? h("label", { class: "row" }, "Bot speed ", pace) : null);
  }
}

/** The lines of a chat, each its writer's name (a link to their page) and its text, both as
 * text; lines by a muted name are left out. `own(line)`: the line is this browser's (no Mute
 * beside it); `onMute(name, mute)`: a Mute or Unmute pressed. */
export function chatLines(list, lines, { own = () => false, onMute = null } = {}) {
  const hidden = new Set(muted.all());
  replace(list, lines.filter((line) => !hidden.has(line.name)).map((line) => {
    const name = typeof line.name === "string" ? line.name : `Player ${line.seat + 1}`;
    const mute = onMute && !own(line)
      ? h("button", { type: "button", class: "link-button mute", "aria-label": `Mute ${name}`, onClick: () => onMute(name, true) }, "Mute")
      : null;
    return h("li", { "data-id": String(line.id), "data-channel": line.channel },
      h("span", { class: "chat-who" }, playerLink(name, { class: "chat-name" }), mute),
      h("span", { class: "chat-text" }, String(line.text)));
  }));
  list.scrollTop = list.scrollHeight;
}

/** The chat panel at a table: this socket's channel ("Table chat" seated, "Spectators' chat"
 * watching), a line to write (Enter or Send), the server's refusal, Mute beside each other
 * writer's name and the list of muted names to unmute. `send(text)` sends a line. */
export class Chat {
  constructor({ seated, send, own }) {
    this.lines = new Map(); // id -> line (a hot seat's sockets each hear the same lines)
    this.own = own;
    this.list = h("ol", { id: "chat-lines", class: "chat-lines", "aria-live": "polite", "aria-label": "Chat lines", tabindex: "0" });
    this.error = h("p", { id: "chat-error", class: "chat-error", role: "alert" });
    this.input = h("input", { type: "text", id: "chat-input", maxlength: "300", autocomplete: "off",
      placeholder: "Write a line…", "aria-label": "Your line" });
    this.unmute = h("div", { id: "chat-muted", class: "chat-muted", hidden: true });
    const form = h("form", { id: "chat-form", class: "chat-form" }, this.input,
      h("button", { type: "submit", class: "btn", id: "chat-send" }, "Send"));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const text = this.input.value.trim();
      if (!text) return;
      this.error.textContent = "";
      if (send(text) !== false) this.input.value = "";
    });
    const title = seated ? "Table chat" : "Spectators' chat";
    this.element = h("section", { class: "panel chat", id: "chat", "aria-labelledby": "chat-title", "data-channel": seated ? "table" : "spectators" },
      h("h2", { id: "chat-title" }, title), this.list, this.error, form, this.unmute);
    this.draw();
  }

  receive(lines) {
    for (const line of lines) if (line && line.id !== undefined) this.lines.set(line.id, line);
    this.draw();
  }

  refused(message) {
    this.error.textContent = message;
  }

  draw() {
    const lines = [...this.lines.values()].sort((a, b) => a.id - b.id);
    const onMute = (name, mute) => {
      muted.set(name, mute);
      this.draw();
    };
    chatLines(this.list, lines, { own: this.own, onMute });
    if (!lines.length) this.list.append(h("li", { class: "muted chat-empty" }, "No lines yet: say hello."));
    const names = muted.all();
    this.unmute.hidden = names.length === 0;
    replace(this.unmute, names.length ? h("span", { class: "muted" }, "Muted: ") : null,
      names.map((name) => h("button", { type: "button", class: "btn small", "aria-label": `Unmute ${name}`, onClick: () => onMute(name, false) }, `Unmute ${name}`)));
  }
}

/** A small modal question: `yes` runs only if the person confirms. */
export function confirmThen(title, text, yesLabel, yes) {
  const dialog = h("dialog", { class: "confirm", "aria-labelledby": "confirm-title" },
    h("h2", { id: "confirm-title" }, title), h("p", {}, text),
    h("div", { class: "row" },
      h("button", { class: "btn danger", type: "button", id: "confirm-yes", onClick: () => { dialog.close(); yes(); } }, yesLabel),
      h("button", { class: "btn", type: "button", id: "confirm-no", onClick: () => dialog.close() }, "Go back")));
  dialog.addEventListener("close", () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
}
