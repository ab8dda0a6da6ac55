// The card-set editor's comparisons, played on the server's worker pool: "Quick check" (POST
// /cards/GAME/quick-check: a few games a side, then the headline figures of the bundled set A
// and the edited set B with B − A, each with its 95% interval) and "Full report" (POST
// /cards/GAME/report: angler analyse --compare's HTML page, opened in a tab of its own). Both
// are polled at GET /cards/checks/ID while they play, with their progress.
import { h, replace } from "/static/kit.js";
import { api } from "/static/net.js";

const POLL_MS = 400;

/** The panel: {node, update() (the set's validity changed), leave()}. `cardsNow()` gives the
 * edited set, `validNow()` whether the server took it at its last check. */
export function checkPanel(game, bundled, cardsNow, validNow) {
  let running = false;
  let stopped = false;
  let timer = null;
  const quick = h("button", { type: "button", class: "btn primary", id: "quick-check", onClick: () => ask("quick") }, "Quick check");
  const full = h("button", { type: "button", class: "btn", id: "full-report", onClick: () => ask("report") }, "Full report");
  const status = h("p", { class: "status", role: "status", id: "check-status" });
  const progress = h("progress", { id: "check-progress", max: 1, value: 0, "aria-label": "Games played", hidden: true });
  const result = h("div", { id: "check-result", "aria-live": "polite" });
  const games = `${bundled.check_games} games a side at ${bundled.players} players`;
  const node = h("section", { class: "panel editor-checks", "aria-labelledby": "checks-title" },
    h("h2", { id: "checks-title" }, "Compare with the bundled set"),
    h("p", { class: "note" }, `Quick check: ${games}, the heuristic player in every seat, the same seeds for A (the bundled set) and B (yours). Full report: ${bundled.report_games} games a side, the designers' report.`),
    h("div", { class: "row" }, quick, full),
    status, progress, result);

  function update() {
    const can = validNow() && !running;
    quick.disabled = !can;
    full.disabled = !can;
    if (!running && !validNow()) status.textContent = "A check needs a valid card set.";
    else if (!running && status.textContent === "A check needs a valid card set.") status.textContent = "";
  }

  async function ask(kind) {
    if (running || !validNow()) return;
    running = true;
    update();
    replace(result);
    status.textContent = kind === "quick" ? "Asking for a quick check…" : "Asking for a full report…";
    try {
      let shown = await api(`/cards/${encodeURIComponent(game)}/${kind === "quick" ? "quick-check" : "report"}`, {
        method: "POST",
        body: JSON.stringify({ cards: cardsNow() }),
      });
      while (shown.status === "queued" || shown.status === "running") {
        showProgress(shown);
        await new Promise((resolve) => { timer = setTimeout(resolve, POLL_MS); });
        if (stopped) return;
        shown = await api(`/cards/checks/${encodeURIComponent(shown.id)}`);
      }
      progress.hidden = true;
      if (shown.status === "failed") status.textContent = `The check failed: ${shown.message}`;
      else if (kind === "quick") showFigures(shown);
      else showReport(shown);
    } catch (error) {
      progress.hidden = true;
      status.textContent = error.message;
    } finally {
      running = false;
      if (!stopped) update();
    }
  }

  function showProgress(shown) {
    progress.hidden = false;
    progress.max = shown.total;
    progress.value = shown.done;
    status.textContent = shown.status === "queued"
      ? "Waiting for the server's players…"
      : `Played ${shown.done} of ${shown.total} games…`;
  }

  function changes(shown) {
    const lines = shown.changes.length ? shown.changes : ["nothing: the two sets are the same, so any difference is chance"];
    return [h("h3", {}, "What changed from A to B"), h("ul", { class: "check-changes" }, lines.map((line) => h("li", {}, line)))];
  }

  function showFigures(shown) {
    status.textContent = `Quick check done: ${shown.games} games a side at ${shown.players} players.`;
    const anomalies = shown.anomalies ? h("p", { class: "note" }, `${shown.anomalies} games stalled or broke, left out of every figure.`) : null;
    replace(result, changes(shown), anomalies,
      h("div", { class: "table-scroll", tabindex: "0", role: "region", "aria-label": "Headline figures (scrolls sideways)" },
        h("table", { class: "check-figures", id: "check-figures" },
          h("caption", {}, "Headline figures, 95% intervals"),
          h("thead", {}, h("tr", {}, ["Figure", "A: bundled", "B: edited", "B − A"].map((t) => h("th", { scope: "col" }, t)))),
          h("tbody", {}, shown.figures.map((row) =>
            h("tr", { class: row.significant ? "moved" : null },
              h("th", { scope: "row" }, row.figure),
              h("td", {}, estimate(row.a, row.percent)),
              h("td", {}, estimate(row.b, row.percent)),
              h("td", {}, difference(row.difference, row.percent), row.significant ? h("strong", {}, " moved") : null))))),
      h("p", { class: "note" }, `n = ${shown.games} paired games: each seed dealt once with each set. A shaded row moved: its B − A is significant after Holm's correction.`),
      ));
  }

  function showReport(shown) {
    status.textContent = `Full report done: ${shown.games} games a side at ${shown.players} players.`;
    replace(result, changes(shown),
      h("p", {}, h("a", { class: "btn primary", id: "open-report", href: shown.report, target: "_blank", rel: "noopener" }, "Open the full report (a new tab)")));
  }

  return {
    node,
    update,
    leave() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

function number(value, percent, signed = false) {
  if (value === null || value === undefined) return "—";
  const shown = percent ? (value * 100).toFixed(1) : value.toFixed(2);
  return signed && value >= 0 ? `+${shown}` : shown.replace("-", "−");
}

/** ``27.5%`` over ``(20.1 to 36.0)``, or ``88.47`` over ``(86.20 to 90.74)``: the interval on a
 * line of its own keeps the table narrow enough for a phone. */
function estimate(e, percent) {
  return [`${number(e.mean, percent)}${percent ? "%" : ""}`, h("br"), h("span", { class: "interval" }, `(${number(e.low, percent)} to ${number(e.high, percent)})`)];
}

/** ``+1.2 points`` over ``(−3.0 to +5.4)`` */
function difference(d, percent) {
  return [`${number(d.mean, percent, true)}${percent ? " points" : ""}`, h("br"), h("span", { class: "interval" }, `(${number(d.low, percent, true)} to ${number(d.high, percent, true)})`)];
}
