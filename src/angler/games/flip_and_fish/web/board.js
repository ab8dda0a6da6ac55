// Flip & Fish's board: the table from above, to scale (SVG user units are table millimetres,
// y flipped so that north is up), with the water cards, the jetties and the latest cast; beside it
// the panels: your bait, equipment, every player's trophies and the shop.
//
// Aiming: press or drag on the table (a crosshair and the cast's likely spread follow), release to
// cast at the point under the pointer; or arrow keys move an aim cursor and Enter casts. A cast is
// animated from its aim to where the die stopped; the die then carries data-stop-x/-y (table mm,
// as in the event) and data-animating="false".

import { h, patternDefs, replace, s } from "/static/kit.js";
import { capital, motionReduced, who, act, canAct, reviewedPill, sentences } from "./common.js";
import { placeDie, progress, runAnimation } from "./motion.js";
import { yourPanels, playersPanel, shopPanel } from "./panels.js";
import { NARROW, tableSvg, viewBox } from "./table.js";

const STATE = new WeakMap(); // root -> what the board keeps between payloads

export function render(root, payload, ui) {
  root.classList.add("board-flip_and_fish");
  ensurePatterns();
  let st = STATE.get(root);
  if (!st) {
    st = { seen: false, castKey: null, anim: null, bait: new Set(), cursor: null };
    STATE.set(root, st);
  }
  const model = withCards(payload.board, payload.cards || []);
  if (st.viewer !== model.viewer) {
    // Another person at this screen (hot seat): nothing of the last one's choices stays.
    st.viewer = model.viewer;
    st.bait = new Set();
    st.cursor = null;
  }
  st.root = root;
  st.redraw = () => draw(root, st);
  st.payload = { ...payload, board: model };
  st.ui = ui || {};
  const cast = model.cast;
  const key = cast ? cast.key : null;
  if (key !== st.castKey) {
    const animate = st.seen && cast && !motionReduced(st.ui);
    st.castKey = key;
    st.anim = animate ? { key, t0: performance.now() } : null;
  }
  st.seen = true;
  st.narrow = root.clientWidth > 0 && root.clientWidth < NARROW;
  if (!st.resize && typeof ResizeObserver === "function") {
    st.resize = new ResizeObserver(() => {
      const narrow = root.clientWidth > 0 && root.clientWidth < NARROW;
      if (narrow !== st.narrow && st.payload && !st.dragging) {
        st.narrow = narrow;
        draw(root, st);
      }
    });
    st.resize.observe(root);
  }
  // Keep only the bait still offered.
  const offered = new Set(model.fish_options.flatMap((o) => o.bait));
  st.bait = new Set([...st.bait].filter((id) => offered.has(id)));
  if (!model.aim) st.cursor = null;
  // A payload that comes while a drag is under way (another seat's news) is drawn when the
  // pointer is let go: a table replaced mid-drag would lose the drag, and the cast with it.
  if (st.dragging) {
    st.stale = true;
    return;
  }
  draw(root, st);
  if (st.anim && !st.anim.running) runAnimation(root, st);
}

/** The board model with each card id replaced by the card's facts from the catalogue (`cards`,
 * kept from the socket's first state), beside the facts of that appearance (actions, ready…). */
function withCards(board, cards) {
  const card = (id) => cards[id];
  const entry = (e) => ({ ...cards[e.id], ...e });
  return {
    ...board,
    water: board.water.map((slot) => ({ ...slot, card: slot.card === null ? null : card(slot.card) })),
    seats: board.seats.map((seat) => ({ ...seat, caught: seat.caught.map(entry), gear: seat.gear.map(entry) })),
    shop: { ...board.shop, row: board.shop.row.map(entry) },
    bait: board.bait.map(card),
  };
}

function ensurePatterns() {
  if (document.getElementById("pat-blue")) return;
  document.body.append(s("svg", { width: 0, height: 0, "aria-hidden": "true", class: "ff-patterns pattern-defs" }, patternDefs()));
}

function draw(root, st) {
  const model = st.payload.board;
  replace(
    root,
    h(
      "div",
      { class: "ff-layout" },
      h("section", { class: "ff-table-area", "aria-label": "The table", style: tableAreaStyle(st) }, status(st), tableSvg(st), aimNote(st), castLine(st)),
      h("div", { class: "ff-panels" }, yourPanels(st), playersPanel(st), shopPanel(st)),
    ),
  );
  if (st.anim) placeDie(root, st, progress(st));
  root.dataset.phase = model.phase;
}

// The table takes the width its height allows; the panels sit beside it if there is room left.
function tableAreaStyle(st) {
  const [x0, y0, x1, y1] = viewBox(st);
  const width = `calc(var(--ff-table-height) * ${((x1 - x0) / (y1 - y0)).toFixed(4)})`;
  return { "flex-basis": width, "max-width": `max(${width}, 22rem)` };
}

function status(st) {
  const model = st.payload.board;
  const turnOf = model.over ? "Game over" : model.deciding ? "Your move" : `${who(st, model.turn)}'s turn`;
  const parts = [
    h("span", { class: `ff-turn ${model.deciding ? "ff-turn-mine" : ""}` }, turnOf),
    h("span", { class: "ff-phase" }, `Turn ${model.turn_number} · ${model.phase_text}`),
  ];
  if (model.bait.length) {
    parts.push(h("span", { class: "ff-bait-line" }, "Bait: ", model.bait.map((c) => c.title).join(", ")));
  }
  if (model.roll) {
    const { total, rate } = model.roll;
    const fish = model.water[model.roll.slot].card;
    const ok = total >= rate;
    parts.push(
      h(
        "span",
        { class: `ff-roll ${ok ? "ff-roll-ok" : "ff-roll-short"}`, "aria-label": `roll ${total} against catch rate ${rate}` },
        h("b", {}, String(total)),
        ` vs ${rate}`,
        fish ? ` (${fish.title})` : "",
        ok ? " — enough" : ` — ${rate - total} short`,
      ),
    );
  }
  if (model.done && canAct(st)) {
    const d = model.done;
    parts.push(h("button", { class: "ff-btn ff-done", type: "button", "data-action": String(d.code), "aria-label": d.label, onClick: () => act(st, d) }, capital(d.label)));
  } else if (model.done) {
    parts.push(reviewedPill(st, model.done, capital(model.done.label), "ff-done"));
  }
  if (model.aim && canAct(st)) {
    parts.push(h("span", { class: "ff-aim-hint" }, model.aim.hint));
  }
  return h("div", { class: "ff-status" }, parts);
}

// Why the last drag on the table cast nothing (let go off the table, or the drag was cut off),
// in one line; it goes when the next press begins.
function aimNote(st) {
  return h("p", { class: "ff-aim-note", role: "status", hidden: !st.aimNote }, st.aimNote || "");
}

function castLine(st) {
  const model = st.payload.board;
  const cast = model.cast;
  const animating = Boolean(st.anim);
  const text = !cast
    ? "No cast yet."
    : animating
      ? `${capital(who(st, cast.seat))} cast${cast.seat === model.viewer ? "" : "s"}…`
      : sentences(cast.story);
  return h("p", { class: "ff-cast-line", "aria-live": "polite" }, text);
}

/** The shell's hint under the choices, in the browser's words: the server's hint names the
 * typed form (cast X Y), which the table's pointer and keys replace here. */
export function hint(payload) {
  return payload.hint ? "Or aim anywhere: press or drag on the table (or move the aim with the arrow keys and cast with Enter)." : "";
}

/** Words for one of the legal actions in the shell's list: the label the board model gives it
 * ("cast at Yellow Perch", "fish with Mackerel"), found by its code. */
export function actionLabel(action, payload) {
  const wanted = String(action.code);
  const search = (node) => {
    if (Array.isArray(node)) {
      for (const item of node) {
        const found = search(item);
        if (found) return found;
      }
    } else if (node && typeof node === "object") {
      if ("code" in node && String(node.code) === wanted && typeof node.label === "string") return node.label;
      for (const value of Object.values(node)) {
        const found = search(value);
        if (found) return found;
      }
    }
    return null;
  };
  return search(payload.board);
}
