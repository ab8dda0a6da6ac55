// Flip & Fish board: small helpers shared by its modules (words, colours, acting).

import { COLOURS, seatName as kitSeatName, reducedMotion } from "/static/kit.js";

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
