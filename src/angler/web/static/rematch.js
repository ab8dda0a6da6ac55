// Play again, on a finished table's result panel (docs/web.md, "Play again"). A seated person
// asks: the server makes a new room with the same game, options and seats, and tells every
// seated socket of the finished room each seat's answer (`rematch`); the socket that asked or
// accepted is also sent its seat's token there, kept as any claimed seat's. This browser goes to
// the new table once it asked and every person has said yes (the game starts then); until then
// it shows who said what, with the way to the new table.
import { h, replace } from "/static/kit.js";
import { rematches, tokens } from "/static/net.js";

const WORDS = {
  yes: "wants to play again",
  no: "declined",
  waiting: "waiting",
  bot: "accepted",
};

export class Rematch {
  /** `table`: the room's Table: its `info`, the seats this browser holds (`mine`), their
   * `send(seat, message)`, and its `people` (each seat's name). */
  constructor(table) {
    this.table = table;
    this.room = table.info.room;
    const kept = rematches.of(this.room).to;
    this.newRoom = typeof kept === "string" ? kept : null; // the rematch this browser is in
    this.answers = null; // each seat's answer, once the server told one
    this.asking = []; // this browser's seats still to ask, in turn (a hot seat's, one by one)
    this.declining = false;
    this.going = false; // this browser asked: it goes to the new table once everyone is in
    this.made = false; // this browser's ask made the new room: its seat there is the creator's
    this.pressed = false; // a button was pressed here and its answer has not come yet
    this.words = h("p", { id: "rematch-words" });
    this.list = h("ul", { id: "rematch-answers", class: "rematch-answers", "aria-label": "Each player's answer", hidden: true });
    this.yes = h("button", { id: "rematch-yes", class: "btn primary", type: "button", onClick: () => this.ask() }, "Play again");
    this.no = h("button", { id: "rematch-no", class: "btn", type: "button", onClick: () => this.decline() }, "No thanks");
    this.link = h("a", { id: "rematch-go", class: "btn primary", href: "#/" }, "Go to the new table");
    this.error = h("p", { id: "rematch-error", class: "rematch-error", role: "alert" });
    this.element = h("div", { id: "rematch", class: "rematch" },
      h("h3", {}, "Play again"), this.words, this.list, h("div", { class: "row" }, this.yes, this.no, this.link), this.error);
  }

  /** A seat's answer: the server's, or `yes` for a seat whose token this browser holds there. */
  answer(seat) {
    if (this.newRoom && seat in tokens.of(this.newRoom)) return "yes";
    return this.answers ? this.answers[seat] : undefined;
  }

  get pending() {
    return this.asking.length > 0 || this.declining;
  }

  ask() {
    if (this.pending) return;
    this.asking = this.table.mine.filter((seat) => this.answer(seat) !== "yes");
    if (!this.asking.length) return;
    this.going = true;
    this.pressed = true;
    this.error.textContent = "";
    // One seat at a time: the first to ask makes the room, the others then accept it (asked
    // all at once, a hot seat's sockets would race to make it).
    this.table.send(this.asking[0], { type: "rematch" });
    this.draw();
  }

  decline() {
    if (this.pending) return;
    const seats = this.table.mine.filter((seat) => this.answer(seat) === "waiting");
    if (!seats.length) return;
    this.declining = true;
    this.pressed = true;
    this.error.textContent = "";
    for (const seat of seats) this.table.send(seat, { type: "rematch", decline: true });
    this.draw();
  }

  /** A `rematch` message, on the socket of one of this browser's seats. */
  receive(message) {
    const first = this.answers === null;
    // A seat that said yes stays yes: a hot seat's sockets may hear two answers out of order.
    this.answers = message.answers.map((answer, seat) => (this.answers && this.answers[seat] === "yes" ? "yes" : answer));
    this.declining = false;
    if (Number.isInteger(message.seat) && typeof message.token === "string") {
      tokens.add(message.room, message.seat, message.token);
      rematches.add(this.room, "to", message.room);
      rematches.add(message.room, "from", this.room);
      this.newRoom = message.room;
      if (first) this.made = true; // nobody had asked before: this ask made it
      this.asking = this.asking.filter((seat) => seat !== message.seat);
      if (this.asking.length) this.table.send(this.asking[0], { type: "rematch" });
    }
    this.draw();
    const everyone = this.answers.every((answer) => answer === "yes" || answer === "bot");
    if (this.going && !this.asking.length && everyone && this.newRoom) {
      location.hash = `#/room/${encodeURIComponent(this.newRoom)}`; // the page is left
      return;
    }
    this.keepFocus();
  }

  /** The button pressed went (hidden, or disabled while the server answered): the focus goes
   * to what now stands in its place, not to the page's start. */
  keepFocus() {
    if (!this.pressed || this.pending) return;
    this.pressed = false;
    const lost = document.activeElement === document.body || document.activeElement === null
      || (this.element.contains(document.activeElement) && document.activeElement.checkVisibility
        && !document.activeElement.checkVisibility());
    if (!lost || !this.element.isConnected) return;
    const next = [this.link, this.yes, this.no].find((node) => !node.hidden && !node.disabled);
    if (next) next.focus();
  }

  /** The server refused (`error` `rematch`, or not connected): its line. */
  refused(message) {
    this.asking = [];
    this.declining = false;
    this.going = false;
    this.error.textContent = message;
    this.draw();
    this.keepFocus();
  }

  draw() {
    const mine = this.table.mine;
    const answers = this.answers || [];
    const inIt = mine.filter((seat) => this.answer(seat) === "yes");
    const waiting = mine.filter((seat) => this.answer(seat) === "waiting");
    const others = answers.filter((answer, seat) => !mine.includes(seat) && answer === "waiting").length;
    const declined = answers.some((answer) => answer === "no");
    const asked = this.answers !== null && answers.some((answer, seat) => answer === "yes" && !mine.includes(seat));
    this.words.textContent = this.sentence({ inIt, waiting, others, declined, asked });
    this.yes.hidden = inIt.length === mine.length;
    this.yes.disabled = this.pending;
    this.no.hidden = !asked || waiting.length === 0;
    this.no.disabled = this.pending;
    this.link.hidden = !(inIt.length && this.newRoom);
    if (this.newRoom) this.link.href = `#/room/${encodeURIComponent(this.newRoom)}`;
    this.drawAnswers(answers);
  }

  /** What this browser's people are asked, or what became of their answer. */
  sentence({ inIt, waiting, others, declined, asked }) {
    const mine = this.table.mine;
    if (inIt.length === mine.length) {
      if (this.answers === null) return "You have a seat at the new table.";
      if (others) return "You are in. The new game starts once everyone has said yes: this table waits for the answers.";
      if (!declined) return "You are in: the new game is ready.";
      return this.made
        ? "Not everyone will play again: at the new table you may give their seats to bots, or cancel the game."
        : "Not everyone will play again: at the new table its creator may give their seats to bots, or cancel the game.";
    }
    if (this.asking.length) return "Asking…";
    if (this.declining) return "Saying no…";
    if (asked && waiting.length) return "You are asked to play again: the same game, options and seats.";
    if (mine.some((seat) => this.answer(seat) === "no")) return "You declined. You may still say yes while the new table waits.";
    return "The same game again, with the same options and seats: everyone is asked, and bots say yes at once.";
  }

  drawAnswers(answers) {
    // Each line changes in place, so the result panel (a live region) says only what changed.
    this.list.hidden = answers.length === 0;
    if (this.list.children.length !== answers.length) replace(this.list, answers.map(() => h("li")));
    answers.forEach((answer, seat) => {
      const item = this.list.children[seat];
      const text = `${this.seatWords(seat)}: ${WORDS[answer] || answer}`;
      if (item.textContent !== text) item.textContent = text;
      item.dataset.seat = String(seat);
      item.dataset.answer = answer;
    });
  }

  seatWords(seat) {
    const people = this.table.people;
    const entry = people.seats.find((found) => found.seat === seat);
    const player = `Player ${seat + 1}`;
    if (seat === people.viewer) return `${player} (you)`;
    if (entry && typeof entry.name === "string") return `${player} (${entry.name})`;
    if (entry && entry.kind === "bot" && entry.bot) return `${player} (${entry.bot} bot)`;
    return player;
  }
}
