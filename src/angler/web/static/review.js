// A seat's review on the replay page (docs/web.md, "Reviews"): asked of the server once (it
// queues it and keeps it with the room), its progress polled, then each reviewed step marked
// with its label and the better move, the accuracy, the costliest decisions as links to their
// step, and a chart of the seat's expected share of the victory over the game.
import { h, replace, s } from "/static/kit.js";
import { api } from "/static/net.js";

const POLL_MS = 1000;
const LABELS = { best: "Best", close: "Close", good: "Good", inaccuracy: "Inaccuracy", mistake: "Mistake", blunder: "Blunder" };
const ORDER = ["best", "close", "good", "inaccuracy", "mistake", "blunder"];
const MARKED = new Set(["inaccuracy", "mistake", "blunder"]); // marked on the step slider

const percent = (share) => `${Math.round(100 * share)}%`;

/**
 * The review of `seat` of finished `room`: returns {panel, note, marks, chart, draw(step),
 * stop()}. `panel` holds the button, progress and summary; `note` goes under the step caption
 * (the step's label and the better move); `marks` under the step slider; `chart` under the
 * board. `go(step)` moves the replay; `steps` is its number of steps (0 = the deal).
 */
export function reviewOf(room, seat, steps, go) {
  const id = encodeURIComponent(room);
  const path = `/rooms/${id}/reviews/${seat}`;
  const who = `Player ${seat + 1}`;
  let byStep = new Map();
  let timer = null;
  let stopped = false;
  let current = 0;

  const button = h("button", { class: "btn", type: "button", id: "review", onClick: () => ask() }, `Review ${who}'s game`);
  const status = h("p", { class: "review-status", id: "review-status", role: "status", "aria-live": "polite" });
  const progress = h("progress", { id: "review-progress", max: 1, value: 0, "aria-label": `${who}'s review`, hidden: true });
  const summary = h("div", { class: "review-summary", id: "review-summary" });
  const panel = h("section", { class: "panel review-panel", id: "review-panel", "aria-labelledby": "review-title" },
    h("h2", { id: "review-title" }, `${who}'s decisions`),
    h("p", { class: "muted" }, "Each decision valued from what this seat could see, by playing every choice on to the end many times."),
    button, status, progress, summary);
  const note = h("p", { class: "review-note", id: "review-note", "aria-live": "polite", hidden: true });
  const marks = h("div", { class: "review-marks", "aria-hidden": "true", hidden: true });
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
    const counts = ORDER.filter((label) => review.labels[label]).map((label) => `${review.labels[label]} ${LABELS[label].toLowerCase()}`);
    const costly = review.costly.map((c) => h("li", {},
      h("a", { href: `#/replay/${encodeURIComponent(room)}?seat=${seat}&step=${c.step}`, class: `review-jump label-${c.label}`,
        onClick: (event) => { event.preventDefault(); go(c.step); } }, `Step ${c.step}`),
      ` · ${LABELS[c.label] || c.label}: ${c.why}`));
    replace(summary,
      h("p", { class: "review-accuracy" }, h("strong", {}, review.accuracy === null ? "No decisions to review" : `Accuracy ${review.accuracy}`),
        ` · ${review.decisions.length} decisions${counts.length ? `: ${counts.join(", ")}` : ""}`),
      costly.length
        ? [h("h3", {}, "The costliest decisions"), h("ol", { class: "review-costly", id: "review-costly" }, costly)]
        : h("p", { class: "muted" }, "No decision cost a real share of the victory."));
    replace(marks, review.decisions.filter((d) => MARKED.has(d.label)).map((d) =>
      h("span", { class: `review-mark label-${d.label}`, style: { left: `${(100 * d.step) / Math.max(1, steps - 1)}%` } })));
    marks.hidden = false;
    drawChart(review);
    chart.hidden = false;
    draw(current);
  }

  function drawChart(review) {
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
    const dots = review.decisions.map((d) => s("circle", {
      class: `review-dot label-${d.label}`, cx: x(d.step), cy: y(d.win_share.mean), r: MARKED.has(d.label) ? 5 : 3,
      "data-step": d.step, onClick: () => go(d.step),
    }, s("title", {}, `Step ${d.step}: ${LABELS[d.label] || d.label}, ${percent(d.win_share.mean)}`)));
    const cursor = s("line", { class: "review-cursor", id: "review-cursor", x1: x(current), x2: x(current), y1: top, y2: height - bottom });
    const svg = s("svg", { viewBox: `0 0 ${width} ${height}`, class: "review-svg", role: "img",
      "aria-label": `${who}'s expected share of the victory after each decision, from ${percent(review.decisions[0]?.win_share.mean ?? 0)} to ${percent(review.decisions.at(-1)?.win_share.mean ?? 0)}` },
    grid, cursor,
    s("polyline", { class: "review-line", points }),
    dots,
    s("text", { class: "review-axis", x: left, y: height - 6 }, "Step 1"),
    s("text", { class: "review-axis", x: width - right, y: height - 6, "text-anchor": "end" }, `Step ${steps - 1}`));
    replace(chart, h("figcaption", {}, h("h2", {}, `${who}'s expected share of the victory`),
      h("span", { class: "muted" }, "After each decision, as the seat could know it; larger dots: inaccuracies, mistakes and blunders.")), svg);
  }

  /** The replay moved to `step`: its note, and the chart's cursor. */
  function draw(step) {
    current = step;
    const cursor = chart.querySelector("#review-cursor");
    if (cursor) {
      const dot = chart.querySelector(`[data-step="${step}"]`);
      const place = dot ? dot.getAttribute("cx") : null;
      if (place) {
        cursor.setAttribute("x1", place);
        cursor.setAttribute("x2", place);
      }
      cursor.classList.toggle("shown", Boolean(place));
    }
    const decision = byStep.get(step);
    if (!byStep.size) return;
    note.hidden = false;
    if (!decision) {
      replace(note, h("span", { class: "muted" }, `${who}: no decision reviewed at this step`));
      return;
    }
    const better = decision.label === "best" || decision.best === decision.played
      ? h("span", {}, ` · ${who} played ${decision.played}`)
      : h("span", { class: "review-better" }, ` · Played ${decision.played}. ${decision.label === "close" ? "About as good" : "Better"}: ${decision.best}`);
    replace(note, h("span", { class: `review-badge label-${decision.label}` }, LABELS[decision.label] || decision.label),
      better, h("span", { class: "muted" }, ` · expected share ${percent(decision.win_share.mean)}`));
  }

  // A review asked before is shown at once (it is never computed twice); none: the button.
  api(path).then(show, (error) => {
    if (error.status === 404 && error.code === "review") return;
    refused(error);
  });

  return {
    panel, note, marks, chart, draw,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
