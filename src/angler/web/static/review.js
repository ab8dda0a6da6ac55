// A seat's review on the replay page (docs/web.md, "Reviews"): asked of the server once (it
// queues it and keeps it with the room), its progress polled, then each reviewed decision marked
// with its label and the better move (in words under the caption, and on the board at the
// position the seat decided from), the accuracy, the costliest decisions as links to that
// position, and a chart of the seat's expected share of the victory over the game.
import { h, replace, s } from "/static/kit.js";
import { api } from "/static/net.js";

const POLL_MS = 1000;
const LABELS = { best: "Best", close: "Close", good: "Good", inaccuracy: "Inaccuracy", mistake: "Mistake", blunder: "Blunder" };
const ORDER = ["best", "close", "good", "inaccuracy", "mistake", "blunder"];
const MARKED = new Set(["inaccuracy", "mistake", "blunder"]); // marked on the step slider

const percent = (share) => `${Math.round(100 * share)}%`;

/**
 * The review of `seat` of finished `room`: returns {panel, note, marks, chart, draw(step),
 * suggestion(step), stop()}. `panel` holds the button, progress and summary; `note` goes under
 * the step caption (the label and the better move of the decision about to be made, and of the
 * one just made); `marks` under the step slider; `chart` under the board. `suggestion(step)` is
 * what the board marks at `step` (kit.js suggestion). `go(step)` moves the replay (and draws
 * the board again); `steps` is its number of steps (0 = the deal).
 *
 * A decision's `step` is the record's action number: the position the seat decided from is the
 * replay's step before it (`step - 1`), where the board shows the better move.
 */
export function reviewOf(room, seat, steps, go) {
  const id = encodeURIComponent(room);
  const path = `/rooms/${id}/reviews/${seat}`;
  const who = `Player ${seat + 1}`;
  let byStep = new Map();
  let valued = "expected share"; // the search judge's values are its own, not a share
  let timer = null;
  let stopped = false;
  let current = 0;

  const button = h("button", { class: "btn", type: "button", id: "review", onClick: () => ask() }, `Review ${who}'s game`);
  const status = h("p", { class: "review-status", id: "review-status", role: "status", "aria-live": "polite" });
  const progress = h("progress", { id: "review-progress", max: 1, value: 0, "aria-label": `${who}'s review`, hidden: true });
  const summary = h("div", { class: "review-summary", id: "review-summary" });
  const panel = h("section", { class: "panel review-panel", id: "review-panel", "aria-labelledby": "review-title" },
    h("h2", { id: "review-title" }, `${who}'s decisions`),
    h("p", { class: "muted" }, "Each decision valued from what this seat could see, by playing every choice on, many times, in worlds re-dealt from its view."),
    button, status, progress, summary);
  const note = h("p", { class: "review-note", id: "review-note", "aria-live": "polite", hidden: true });
  const marks = h("div", { class: "review-marks", "aria-hidden": "true", hidden: true });
  const before = (d) => d.step - 1; // the replay step showing the position the seat decided from
  const chart = h("figure", { class: "panel review-chart", id: "review-chart", hidden: true });

  function show(answer) {
    if (stopped) return;
    if (answer.status === "done") {
      button.hidden = true;
      progress.hidden = true;
      status.textContent = "";
      done(answer.review);
      return;
    }
    if (answer.status === "failed") {
      button.hidden = false;
      button.textContent = `Review ${who}'s game again`;
      progress.hidden = true;
      status.textContent = `The review failed: ${answer.message || "try again"}`;
      return;
    }
    button.hidden = true;
    progress.hidden = false;
    progress.max = Math.max(1, answer.total);
    progress.value = answer.done;
    progress.setAttribute("aria-valuetext", `${answer.done} of ${answer.total} decisions`);
    status.textContent = answer.status === "queued" && !answer.done
      ? "Waiting for the server to start the review…"
      : `Reviewing: ${answer.done} of ${answer.total} decisions`;
    timer = setTimeout(poll, POLL_MS);
  }

  function refused(error) {
    if (stopped) return;
    button.hidden = false;
    progress.hidden = true;
    status.textContent = error.message;
  }

  async function ask() {
    button.disabled = true;
    status.textContent = "Asking the server…";
    try {
      show(await api(path, { method: "POST" }));
    } catch (error) {
      refused(error);
    } finally {
      button.disabled = false;
    }
  }

  async function poll() {
    timer = null;
    try {
      show(await api(path));
    } catch (error) {
      refused(error);
    }
  }

  function done(review) {
    byStep = new Map(review.decisions.map((d) => [d.step, d]));
    valued = review.judge === "search" ? "search value" : "expected share";
    const counts = ORDER.filter((label) => review.labels[label]).map((label) => `${review.labels[label]} ${LABELS[label].toLowerCase()}`);
    const costly = review.costly.map((c) => h("li", {},
      h("a", { href: `#/replay/${encodeURIComponent(room)}?seat=${seat}&step=${before(c)}`, class: `review-jump label-${c.label}`,
        onClick: (event) => { event.preventDefault(); go(before(c)); } }, `Step ${c.step}`),
      ` · ${LABELS[c.label] || c.label}: ${c.why}`));
    replace(summary,
      h("p", { class: "review-accuracy" }, h("strong", {}, review.accuracy === null ? "No decisions to review" : `Accuracy ${review.accuracy}`),
        review.points_lost ? h("span", { class: "review-points", title: "The final score the played moves gave up against the best ones, on average" },
          ` · ${review.points_lost.mean.toFixed(2)} points lost a decision`) : null,
        ` · ${review.decisions.length} decisions${counts.length ? `: ${counts.join(", ")}` : ""}`),
      costly.length
        ? [h("h3", {}, "The costliest decisions"), h("ol", { class: "review-costly", id: "review-costly" }, costly)]
        : h("p", { class: "muted" }, "No decision cost a real share of the victory."));
    replace(marks, review.decisions.filter((d) => MARKED.has(d.label)).map((d) =>
      h("span", { class: `review-mark label-${d.label}`, style: { left: `${(100 * before(d)) / Math.max(1, steps - 1)}%` } })));
    marks.hidden = false;
    drawChart(review);
    chart.hidden = false;
    go(current); // the board again, with its marks
  }

  function drawChart(review) {
    const charted = review.judge === "search" ? "value by the search" : "expected share of the victory";
    // As wide as the page allows (at most 600), so that its words stay readable on a phone.
    const width = Math.round(Math.max(280, Math.min(600, window.innerWidth - 56)));
    const height = 160, left = 40, right = 10, top = 10, bottom = 24;
    const x = (step) => left + ((width - left - right) * step) / Math.max(1, steps - 1);
    const y = (share) => top + (height - top - bottom) * (1 - share);
    const points = review.decisions.map((d) => `${x(d.step).toFixed(1)},${y(d.win_share.mean).toFixed(1)}`).join(" ");
    const grid = [0, 0.5, 1].map((share) => [
      s("line", { class: "review-grid", x1: left, x2: width - right, y1: y(share), y2: y(share) }),
      s("text", { class: "review-axis", x: left - 6, y: y(share) + 4, "text-anchor": "end" }, percent(share)),
    ]);
    // One tab stop for all the dots (a roving tabindex): arrows move between decisions.
    const dots = review.decisions.map((d, index) => s("circle", {
      class: `review-dot label-${d.label}`, cx: x(d.step), cy: y(d.win_share.mean), r: MARKED.has(d.label) ? 5 : 3,
      "data-step": d.step, role: "button", tabindex: index === 0 ? 0 : -1,
      "aria-label": `Step ${d.step}: ${LABELS[d.label] || d.label}, ${percent(d.win_share.mean)}`,
      onClick: () => go(before(d)),
    }, s("title", {}, `Step ${d.step}: ${LABELS[d.label] || d.label}, ${percent(d.win_share.mean)}`)));
    const cursor = s("line", { class: "review-cursor", id: "review-cursor", x1: x(current), x2: x(current), y1: top, y2: height - bottom });
    const svg = s("svg", { viewBox: `0 0 ${width} ${height}`, class: "review-svg", role: "group",
      "aria-label": `${who}'s ${charted} after each decision, from ${percent(review.decisions[0]?.win_share.mean ?? 0)} to ${percent(review.decisions.at(-1)?.win_share.mean ?? 0)}; arrow keys move between decisions`,
      onKeydown: (event) => chartKey(event, review.decisions) },
    grid, cursor,
    s("polyline", { class: "review-line", points }),
    dots,
    s("text", { class: "review-axis", x: left, y: height - 6 }, "Step 1"),
    s("text", { class: "review-axis", x: width - right, y: height - 6, "text-anchor": "end" }, `Step ${steps - 1}`));
    replace(chart, h("figcaption", {}, h("h2", {}, `${who}'s ${charted}`),
      h("span", { class: "muted" }, "After each decision, as the seat could know it; larger dots: inaccuracies, mistakes and blunders. A dot (or Enter on it; arrow keys between them) shows the position it was decided from.")), svg);
  }

  /** The chart's keys, on a focused dot: Left/Right (Home/End) to the previous or next (first,
   * last) decision, the replay following; Enter or Space to the focused one. Kept from the
   * replay page's own arrow keys (replay.js), which would move one step instead. */
  function chartKey(event, decisions) {
    const dot = event.target.closest && event.target.closest(".review-dot");
    if (!dot) return;
    const at = decisions.findIndex((d) => String(d.step) === dot.dataset.step);
    const moves = { ArrowLeft: at - 1, ArrowRight: at + 1, ArrowUp: at - 1, ArrowDown: at + 1, Home: 0, End: decisions.length - 1, Enter: at, " ": at };
    if (!(event.key in moves)) return;
    event.preventDefault();
    event.stopPropagation();
    const next = decisions[Math.max(0, Math.min(decisions.length - 1, moves[event.key]))];
    go(before(next));
    focusDot(next.step);
  }

  /** The dot of decision `step` becomes the chart's one tab stop (and takes the focus). */
  function focusDot(step, focus = true) {
    const dot = chart.querySelector(`.review-dot[data-step="${step}"]`);
    if (!dot) return;
    for (const other of chart.querySelectorAll(".review-dot")) {
      other.setAttribute("tabindex", other === dot ? "0" : "-1");
      other.classList.toggle("is-current", other === dot);
    }
    if (focus) dot.focus();
  }

  /** The replay moved to `step`: its note (the decision about to be made here, whose better
   * move the board shows, and the one just made), and the chart's cursor. */
  function draw(step) {
    current = step;
    const ahead = byStep.get(step + 1);
    const behind = byStep.get(step);
    const shown = ahead || behind;
    const cursor = chart.querySelector("#review-cursor");
    if (cursor) {
      const dot = shown ? chart.querySelector(`.review-dot[data-step="${shown.step}"]`) : null;
      const place = dot ? dot.getAttribute("cx") : null;
      if (place) {
        cursor.setAttribute("x1", place);
        cursor.setAttribute("x2", place);
      }
      cursor.classList.toggle("shown", Boolean(place));
      if (dot && !chart.contains(document.activeElement)) focusDot(shown.step, false);
    }
    if (!byStep.size) return;
    note.hidden = false;
    if (!ahead && !behind) {
      replace(note, h("span", { class: "muted" }, `${who}: no decision reviewed at this step`));
      return;
    }
    replace(note,
      behind ? h("span", { class: "review-behind", id: "review-behind" }, noteOf(behind, "")) : null,
      ahead ? h("span", { class: "review-ahead", id: "review-ahead" }, noteOf(ahead, `${who} decides here (marked on the board). `)) : null);
  }

  /** One decision in words, after `lead`: its label, the move played and the better one. */
  function noteOf(decision, lead) {
    const same = decision.label === "best" || decision.best === decision.played;
    const better = same
      ? h("span", {}, ` · ${lead}${who} played ${decision.played}`)
      : h("span", { class: "review-better" }, ` · ${lead}Played ${decision.played}. ${decision.label === "close" ? "About as good" : "Better"}: ${decision.best}`);
    return [h("span", { class: `review-badge label-${decision.label}` }, LABELS[decision.label] || decision.label),
      better, h("span", { class: "muted" }, ` · ${valued} ${percent(decision.win_share.mean)}`)];
  }

  /** What the board marks at `step`: the move the review found better for the decision made
   * from this position, and the move played; null where the seat does not decide next. */
  function suggestion(step) {
    const decision = byStep.get(step + 1);
    if (!decision) return null;
    return { best: decision.best_code, played: decision.played_code, label: decision.label,
      bestWords: decision.best, playedWords: decision.played };
  }

  // A review asked before is shown at once (it is never computed twice); none: the button.
  api(path).then(show, (error) => {
    if (error.status === 404 && error.code === "review") return;
    refused(error);
  });

  return {
    panel, note, marks, chart, draw, suggestion,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
