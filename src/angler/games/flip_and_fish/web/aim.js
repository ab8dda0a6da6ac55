// Flip & Fish board: aiming on the table. Press or drag (a crosshair and the cast's likely
// spread follow) and release to cast at the point under the pointer; released off the table (or
// a drag the browser cuts off), no cast, and a line under the table says so. Arrow keys move an
// aim cursor (Shift: 5 steps) and Enter casts.

import { s } from "/static/kit.js";
import { act, canAct } from "./common.js";

export function aimLayer(st) {
  const model = st.payload.board;
  if (!model.aim || !canAct(st)) return null;
  const [jx, jy] = model.aim.origin;
  return s(
    "g",
    { class: "ff-aim-layer", "aria-hidden": "true" },
    s("line", { class: "ff-aim-line", x1: jx, y1: -jy, x2: jx, y2: -jy }),
    s("ellipse", { class: "ff-spread ff-spread-2", rx: 0, ry: 0 }),
    s("ellipse", { class: "ff-spread ff-spread-1", rx: 0, ry: 0 }),
    s("g", { class: "ff-crosshair" }, s("circle", { r: 10 }), s("path", { d: "M-22,0 h14 M8,0 h14 M0,-22 v14 M0,8 v14" })),
    s("text", { class: "ff-aim-text", "text-anchor": "middle" }, ""),
  );
}

function clampAim(model, x, y) {
  const cards = model.aim && model.aim.cards;
  if (cards) {
    // The mini aims only at the water cards' centres: the nearest one.
    const distance = ([cx, cy]) => Math.hypot(cx - x, cy - y);
    return cards.reduce((best, card) => (distance(card) < distance(best) ? card : best));
  }
  const { half, step } = model.table;
  const snap = (v) => Math.round(Math.max(-half, Math.min(half, v)) / step) * step;
  return [snap(x) + 0, snap(y) + 0];
}

function showAim(svg, st, point) {
  const model = st.payload.board;
  const layer = svg.querySelector(".ff-aim-layer");
  if (!layer) return;
  if (!point) {
    layer.classList.remove("ff-aim-on");
    return;
  }
  layer.classList.add("ff-aim-on");
  const [x, y] = point;
  const [jx, jy] = model.aim.origin;
  const d = Math.hypot(x - jx, y - jy);
  const k = model.aim.skill;
  const along = k * (model.spread.along[0] + model.spread.along[1] * d);
  const across = k * (model.spread.across[0] + model.spread.across[1] * d);
  const angle = (Math.atan2(-(y - jy), x - jx) * 180) / Math.PI;
  layer.querySelector(".ff-aim-line").setAttribute("x2", x);
  layer.querySelector(".ff-aim-line").setAttribute("y2", -y);
  for (const [cls, n] of [[".ff-spread-1", 1], [".ff-spread-2", 2]]) {
    const e = layer.querySelector(cls);
    e.setAttribute("rx", along * n);
    e.setAttribute("ry", across * n);
    e.setAttribute("transform", `translate(${x},${-y}) rotate(${angle})`);
  }
  layer.querySelector(".ff-crosshair").setAttribute("transform", `translate(${x},${-y})`);
  const label = layer.querySelector(".ff-aim-text");
  label.setAttribute("x", x);
  label.setAttribute("y", -y - Math.max(28, across * 2 + 10));
  label.textContent = `${x}, ${y}`;
  svg.dataset.aimX = String(x);
  svg.dataset.aimY = String(y);
}

function tablePoint(svg, event) {
  const ctm = svg.getScreenCTM();
  if (!ctm) return null;
  const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(ctm.inverse());
  return [p.x, -p.y];
}

export function wireAiming(svg, st) {
  const model = st.payload.board;
  let dragging = null;
  const at = (event) => {
    const p = tablePoint(svg, event);
    return p ? clampAim(model, p[0], p[1]) : null;
  };
  const cast = (point) => {
    st.cursor = point;
    svg.classList.add("ff-casting");
    act(st, { text: `cast ${point[0]} ${point[1]}` });
  };
  // A drag's end: the table is drawn again if a payload came meanwhile (board.js keeps it).
  const release = (note) => {
    dragging = null;
    st.dragging = false;
    say(note);
    if (st.stale) {
      st.stale = false;
      st.redraw();
    }
  };
  const say = (note) => {
    st.aimNote = note;
    const line = svg.parentNode && svg.parentNode.querySelector(".ff-aim-note");
    if (!line) return;
    line.textContent = note;
    line.hidden = !note;
  };
  svg.addEventListener("pointerdown", (event) => {
    if (event.button !== undefined && event.button !== 0) return;
    event.preventDefault();
    dragging = event.pointerId;
    st.dragging = true; // the board is not redrawn (a resize, a payload) while the pointer is down
    say("");
    try {
      svg.setPointerCapture(event.pointerId);
    } catch {
      // a synthetic pointer cannot be captured: the drag still works over the table
    }
    svg.focus({ preventScroll: true });
    showAim(svg, st, at(event));
  });
  svg.addEventListener("pointermove", (event) => {
    if (dragging === null && event.pointerType !== "mouse") return;
    showAim(svg, st, at(event));
  });
  svg.addEventListener("pointerup", (event) => {
    if (dragging !== event.pointerId) return;
    const r = svg.getBoundingClientRect();
    const inside = event.clientX >= r.left && event.clientX <= r.right && event.clientY >= r.top && event.clientY <= r.bottom;
    const point = at(event);
    if (point && inside) {
      cast(point);
      release("");
    } else {
      showAim(svg, st, st.cursor);
      release("Let go off the table: no cast. Let go over the table to cast there.");
    }
  });
  svg.addEventListener("pointercancel", (event) => {
    if (dragging !== event.pointerId) return;
    showAim(svg, st, st.cursor);
    release("The drag was cut off: no cast. Press or drag on the table again.");
  });
  svg.addEventListener("pointerleave", () => {
    if (dragging === null) showAim(svg, st, st.cursor);
  });
  svg.addEventListener("focus", () => {
    if (!st.cursor) st.cursor = startCursor(model);
    showAim(svg, st, st.cursor);
  });
  svg.addEventListener("keydown", (event) => {
    const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
    const move = moves[event.key];
    if (move && model.aim.cards) {
      // The mini's aims are its water cards: an arrow steps to the next card or the one before.
      event.preventDefault();
      const cards = model.aim.cards;
      const [x, y] = st.cursor || startCursor(model);
      const here = cards.findIndex(([cx, cy]) => cx === x && cy === y);
      const next = (Math.max(here, 0) + (move[0] + move[1] > 0 ? 1 : cards.length - 1)) % cards.length;
      st.cursor = cards[next];
      showAim(svg, st, st.cursor);
      svg.setAttribute("aria-label", `Aim at ${st.cursor[0]}, ${st.cursor[1]} mm; Enter casts`);
    } else if (move) {
      event.preventDefault();
      const step = model.table.step * (event.shiftKey ? 5 : 1);
      const [x, y] = st.cursor || startCursor(model);
      st.cursor = clampAim(model, x + move[0] * step, y + move[1] * step);
      showAim(svg, st, st.cursor);
      svg.setAttribute("aria-label", `Aim at ${st.cursor[0]}, ${st.cursor[1]} mm; Enter casts`);
    } else if ((event.key === "Enter" || event.key === " ") && event.target === svg) {
      event.preventDefault();
      cast(st.cursor || startCursor(model));
    }
  });
  if (st.cursor) queueMicrotask(() => showAim(svg, st, st.cursor));
}

// The keyboard's aim starts on the water card nearest the jetty that still lies in the water.
function startCursor(model) {
  const [jx, jy] = model.aim.origin;
  const cards = model.water.filter((c) => c.state !== "empty");
  if (!cards.length) return [0, 0];
  const best = cards.reduce((a, b) => (Math.hypot(a.x - jx, a.y - jy) <= Math.hypot(b.x - jx, b.y - jy) ? a : b));
  return clampAim(model, best.x, best.y);
}
