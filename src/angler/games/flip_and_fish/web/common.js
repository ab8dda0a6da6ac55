// Flip & Fish board: small helpers shared by its modules (words, colours, acting).

import { COLOURS, h, markSuggested, seatName as kitSeatName, reducedMotion, suggestion } from "/static/kit.js";

export function motionReduced(ui) {
  return Boolean(ui.reducedMotion) || reducedMotion();
}

export function canAct(st) {
  return !st.ui.replay && typeof st.ui.act === "function";
}

export function who(st, seat) {
  const viewer = st.payload.board.viewer;
  if (st.ui.seatName && !st.ui.replay) return st.ui.seatName(seat);
  return kitSeatName(seat, viewer);
}

export function act(st, action) {
  if (!canAct(st) || !action) return;
  st.ui.act(action.text);
}

/** In a replay, an action the review marks (the better move or the one played), drawn as words
 * in place of its button, never pressable; null for any other. */
export function reviewedPill(st, action, text, cls = "") {
  if (canAct(st) || !action) return null;
  const mark = suggestion(st.ui, action.code);
  if (!mark) return null;
  const pill = h("span", { class: `ff-btn ff-static ${cls}`, role: "img", "aria-label": action.label }, text);
  pill.append(markSuggested(pill, mark));
  return pill;
}

const CAST = 4; // a cast's kind: the low 4 bits of its code (games/flip_and_fish/actions.py)

/** The point a cast's code aims at, in table mm (actions.py: `argument << 4 | kind`, the
 * argument the aim's index on the table's `step` grid, row by row from -half); null for any
 * other action. */
export function aimOf(code, table) {
  const number = Number(code);
  if (!Number.isSafeInteger(number) || number % 16 !== CAST) return null;
  const side = Math.floor(Math.trunc(2 * table.half) / table.step) + 1;
  const index = Math.floor(number / 16);
  return [Math.floor(index / side) * table.step - table.half, (index % side) * table.step - table.half];
}

export const fmt = (n) => String(Math.round(n * 10) / 10);

export function colourOf(card) {
  if (!card || card.kind === "boot" || !card.colour) return COLOURS.grey;
  return COLOURS[card.colour] || COLOURS.grey;
}

export function cardWords(card) {
  if (!card) return "nothing";
  if (card.kind === "boot") return "a boot";
  if (card.effect !== undefined) return `${card.title} (${card.kind} equipment: ${card.text})`;
  const what = card.kind === "trophy" ? "trophy fish" : "fish";
  const bait = card.bait ? `, bait ${card.bait}` : "";
  const ability = card.ability ? `; ${card.ability}` : "";
  return `${card.title}, ${card.colour} ${what}, catch rate ${card.rate}${bait}${ability}`;
}

export { sentences } from "/static/kit.js";

export function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function star(cx, cy, r) {
  const pts = [];
  for (let i = 0; i < 10; i++) {
    const a = (Math.PI / 5) * i - Math.PI / 2;
    const rr = i % 2 ? r * 0.45 : r;
    pts.push(`${(cx + rr * Math.cos(a)).toFixed(2)},${(cy + rr * Math.sin(a)).toFixed(2)}`);
  }
  return `M${pts.join("L")}Z`;
}
