// A finished game, step by step: from one seat's view, a spectator's, or every seat's (the
// game is over, so nothing is secret any more). The server builds each step from views.
import { h, numberLog, replace, seatName, sentences } from "/static/kit.js";
import { api } from "/static/net.js";
import { chatLines } from "/static/people.js";
import { loadBoard } from "/static/boards.js";
import { reviewOf } from "/static/review.js";

export async function showReplay(app, room, params) {
  const id = encodeURIComponent(room);
  const seat = params.get("seat") ?? "all";
  replace(app, h("p", { class: "loading" }, "Loading the replay…"));
  const [info, replay, chat] = await Promise.all([
    api(`/rooms/${id}`),
    api(`/rooms/${id}/replay${seat === "spectator" ? "" : `?seat=${encodeURIComponent(seat)}`}`),
    api(`/rooms/${id}/chat`).catch(() => null), // a room's chat is shown once it is finished
  ]);
  const board = await loadBoard(info.game);
  const steps = replay.steps;
  const everyone = seat === "all";
  // Everything shown: one board with every hidden thing face up (the game's open board), or,
  // for a game with none, every seat's board in turn ("lenses").
  const lensed = everyone && steps[0].boards.length > 1;
  let step = Math.max(0, Math.min(steps.length - 1, Number(params.get("step")) || 0));
  let lens = 0; // which board of a step is shown: every seat's in turn when all are shown
  let timer = null;

  const boardRoot = h("div", { class: "board", role: "region", "aria-label": `${info.title} table` });
  const log = h("ol", { id: "log", "aria-label": "What happened", tabindex: "0" });
  const caption = h("p", { class: "replay-step", "aria-live": "polite" });
  const slider = h("input", { type: "range", id: "step", min: 0, max: steps.length - 1, value: 0, "aria-label": "Step" });
  const play = h("button", { class: "btn", type: "button", id: "play", onClick: () => toggle() }, "Play");
  const viewer = h("select", { id: "seat-select", "aria-label": "Whose view",
    onChange: () => { location.hash = `#/replay/${id}?seat=${viewer.value}&step=${step}`; } },
    h("option", { value: "all" }, "Everything shown"),
    Array.from({ length: replay.players }, (_, s) => h("option", { value: String(s) }, `Player ${s + 1}'s view`)),
    h("option", { value: "spectator" }, "A spectator's view"));
  viewer.value = seat;
  const lenses = lensed
    ? h("div", { class: "row", role: "group", "aria-label": "Whose cards to show" },
      Array.from({ length: replay.players }, (_, s) => h("button", { class: "btn", type: "button", "data-lens": s,
        onClick: () => { lens = s; draw(); } }, `Player ${s + 1}'s hand`)))
    : null;

  // A seat's view of a finished game may be reviewed (review.js); a game that stopped early not.
  const reviewed = /^\d+$/.test(seat) && !replay.ended ? reviewOf(room, Number(seat), steps.length, (to) => go(to)) : null;

  function viewerSeat() {
    if (everyone) return lensed ? lens : null;
    return seat === "spectator" ? null : Number(seat);
  }

  function draw() {
    const now = steps[step];
    const index = lensed ? lens : 0;
    const who = viewerSeat();
    board.render(boardRoot, {
      board: now.boards[index], cards: replay.cards || [], legal: [], prompt: "", hint: "", seat: who, to_act: now.to_act,
      over: now.over, scores: now.scores, winners: now.winners, log: [], version: step,
    }, { act: () => {}, seatName: (s) => seatName(s, who), replay: true, reducedMotion: true,
      suggest: reviewed ? reviewed.suggestion(step) : null }); // the review's better move, drawn on the board
    const said = steps.slice(0, step + 1).flatMap((st) => st.said[index]);
    const shown = said.slice(-200);
    replace(log, shown.map((line) => h("li", {}, line)));
    numberLog(log, said.length - shown.length + 1, shown.length);
    log.scrollTop = log.scrollHeight;
    slider.value = step;
    // The step in the game's own words, as this board's viewer saw it (not the record's codes).
    const words = now.said[index] || [];
    const action = !now.action ? "The deal" : words.length ? sentences(words) : `Player ${now.action.seat + 1} moves`;
    const whose = lensed ? ` · Player ${lens + 1}'s hand ("you" in the log)` : "";
    caption.textContent = `Step ${step} of ${steps.length - 1} · ${action}${now.over ? " · the end" : ""}${whose}`;
    if (reviewed) reviewed.draw(step);
    if (lenses) lenses.querySelectorAll("button").forEach((b) => b.setAttribute("aria-pressed", String(Number(b.dataset.lens) === lens)));
  }

  function go(to) {
    step = Math.max(0, Math.min(steps.length - 1, to));
    draw();
  }

  function toggle() {
    if (timer) {
      clearInterval(timer);
      timer = null;
      play.textContent = "Play";
      return;
    }
    play.textContent = "Pause";
    timer = setInterval(() => (step >= steps.length - 1 ? toggle() : go(step + 1)), 700);
  }

  slider.addEventListener("input", () => go(Number(slider.value)));
  const keys = (event) => {
    // A key some control used (the review chart's arrows) is not a step too.
    if (event.defaultPrevented) return;
    if (event.target.closest && event.target.closest("input, select, textarea")) return;
    const moves = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: steps.length - 1 };
    if (event.key in moves) {
      event.preventDefault();
      go(moves[event.key]);
    }
  };
  document.addEventListener("keydown", keys);
  const last = steps[steps.length - 1];
  const result = (last.winners || []).map((s) => `Player ${s + 1}`).join(" and ");
  const ENDED = { abandoned: "Abandoned: everyone left", cancelled: "Cancelled by its creator", resigned: "Ended when a player resigned" };
  const outcome = replay.ended ? ENDED[replay.ended] || replay.ended : `Won by ${result} · scores ${(last.scores || []).join(" / ")}`;
  // The step controls come before the board (on a phone they stay at the top of the screen
  // while the board scrolls under them); the choice of view and the log come after it.
  replace(app, h("main", { class: "room replay", "data-room": room },
    h("header", { class: "room-head" }, h("h1", {}, `${info.title}: replay`),
      h("span", { class: "muted" }, outcome)),
    h("section", { class: "panel replay-panel", "aria-label": "Steps" },
      h("div", { class: "replay-controls" },
        h("button", { class: "btn", type: "button", id: "first", onClick: () => go(0), "aria-label": "First step" }, "«"),
        h("button", { class: "btn", type: "button", id: "prev", onClick: () => go(step - 1), "aria-label": "Previous step" }, "◀"),
        play,
        h("button", { class: "btn", type: "button", id: "next", onClick: () => go(step + 1), "aria-label": "Next step" }, "▶"),
        h("button", { class: "btn", type: "button", id: "last", onClick: () => go(steps.length - 1), "aria-label": "Last step" }, "»")),
      slider, reviewed ? reviewed.marks : null, caption, reviewed ? reviewed.note : null),
    h("h2", { class: "sr-only" }, "The table"),
    boardRoot,
    reviewed ? reviewed.chart : null,
    h("aside", { class: "side" },
      h("section", { class: "panel" },
        viewer, lenses,
        h("p", { class: "row" },
          h("a", { class: "btn", id: "download", href: `/rooms/${id}/record`, download: `angler-${info.game}-${room}.json` }, "Download the record"),
          h("a", { class: "btn", href: "#/" }, "Lobby"))),
      reviewed ? reviewed.panel : null,
      h("section", { class: "panel" }, h("h2", {}, "Log"), log)),
    chat ? replayChat(chat) : null));
  document.title = `angler: ${info.title} replay`;
  draw();
  return () => {
    if (timer) clearInterval(timer);
    if (reviewed) reviewed.stop();
    document.removeEventListener("keydown", keys);
  };
}

/** A finished room's whole chat, both channels, each line's name and text as text. */
function replayChat(chat) {
  const lines = Array.isArray(chat) ? chat : chat.lines || [];
  const list = h("ol", { id: "chat-lines", class: "chat-lines replay-chat-lines" });
  const labelled = lines.map((line) => ({ ...line }));
  chatLines(list, labelled);
  for (const item of list.children) {
    const line = labelled.find((l) => String(l.id) === item.dataset.id);
    if (line && line.channel === "spectators") item.classList.add("from-spectators");
  }
  return h("section", { class: "panel chat replay-chat", id: "chat", "aria-labelledby": "chat-title" },
    h("h2", { id: "chat-title" }, "Chat"),
    lines.length ? [h("p", { class: "muted" }, "The table's lines, and the spectators' (marked)."), list] : h("p", { class: "muted" }, "Nobody wrote in this game's chat."));
}
