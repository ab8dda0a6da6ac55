// Flip & Fish board: the table from above, to scale: SVG user units are table millimetres,
// y flipped so that north is up. The water cards, the jetties, the latest cast with the ruler's
// reach, and the aim layer.

import { s, COLOURS, nameByWords, pressable, suggestData, suggestMark, suggestion } from "/static/kit.js";
import { act, aimOf, canAct, capital, cardWords, colourOf, fmt, star, who } from "./common.js";
import { aimLayer, wireAiming } from "./aim.js";

const OUTCOME_WORDS = {
  miss: "No bite",
  bite: "A bite!",
  strike: "Strike!",
  boot: "A boot",
  snag: "Snag!",
  caught: "Caught!",
  "got-away": "Got away",
  recast: "Didn't roll over",
  slid: "Never rolled over: a miss",
  "off-table": "Off the table",
};

// On a narrow screen the table is cropped to the water, the jetties and the cast (the bare felt
// beyond them goes), so that the cards stay as large as they can with every player in view.
export const NARROW = 560;

export function viewBox(st) {
  const model = st.payload.board;
  const t = model.table;
  if (!st.narrow) return t.view;
  const [w, l] = t.card;
  const xs = model.water.flatMap((c) => [c.x - w / 2, c.x + w / 2]);
  const ys = model.water.flatMap((c) => [c.y - l / 2, c.y + l / 2]);
  for (const seat of model.seats) {
    xs.push(seat.jetty[0] - 62, seat.jetty[0] + 62);
    ys.push(seat.jetty[1] - 62, seat.jetty[1] + 62);
  }
  if (model.cast) {
    for (const [x, y] of [model.cast.aim, model.cast.stop]) {
      xs.push(x - 40, x + 40);
      ys.push(y - 40, y + 40);
    }
  }
  for (const [x, y] of reviewAims(st)) {
    xs.push(x - 60, x + 60);
    ys.push(y - 80, y + 80);
  }
  const margin = 22;
  // Never beyond the whole picture (the table, and the floor where a die fell off it).
  const [vx0, vy0, vx1, vy1] = t.view;
  const within = (v, lo, hi) => Math.max(lo, Math.min(hi, v));
  return [
    within(Math.min(...xs) - margin, vx0, vx1),
    within(Math.min(...ys) - margin, vy0, vy1),
    within(Math.max(...xs) + margin, vx0, vx1),
    within(Math.max(...ys) + margin, vy0, vy1),
  ];
}

export function tableSvg(st) {
  const model = st.payload.board;
  const t = model.table;
  const box = viewBox(st);
  const [x0, y0, x1, y1] = box;
  const aiming = Boolean(model.aim) && canAct(st);
  const svg = s(
    "svg",
    {
      class: `ff-table ${aiming ? "ff-aiming" : ""}`,
      viewBox: `${x0} ${-y1} ${x1 - x0} ${y1 - y0}`,
      role: aiming ? "application" : "img",
      "aria-label": aiming
        ? "The table: press or drag to aim, release to cast; arrow keys move the aim, Enter casts"
        : "The table seen from above: the water cards, the jetties and the latest cast",
      tabindex: aiming ? 0 : null,
      // As wide as the height allowed to it lets it be: no bands beside the drawing.
      style: { "max-width": `calc(var(--ff-table-height) * ${((x1 - x0) / (y1 - y0)).toFixed(4)})` },
    },
    s("rect", { class: "ff-felt", x: -t.half, y: -t.half, width: 2 * t.half, height: 2 * t.half, rx: 18 }),
    grid(box),
    pond(model),
    model.seats.map((seat) => jetty(st, seat)),
    reachLayer(st),
    model.water.map((slot) => waterCard(st, slot)),
    castLayer(st),
    reviewLayer(st),
    aimLayer(st),
  );
  if (aiming) wireAiming(svg, st);
  return svg;
}

function grid([x0, y0, x1, y1]) {
  const lines = [];
  for (let x = Math.ceil(x0 / 100) * 100; x <= x1; x += 100) lines.push(s("line", { x1: x, x2: x, y1: -y1, y2: -y0 }));
  for (let y = Math.ceil(y0 / 100) * 100; y <= y1; y += 100) lines.push(s("line", { y1: -y, y2: -y, x1: x0, x2: x1 }));
  return s("g", { class: "ff-grid", "aria-hidden": "true" }, lines);
}

function pond(model) {
  const [w, l] = model.table.card;
  const xs = model.water.map((c) => c.x);
  const ys = model.water.map((c) => c.y);
  const pad = 34;
  const x0 = Math.min(...xs) - w / 2 - pad;
  const x1 = Math.max(...xs) + w / 2 + pad;
  const y0 = Math.min(...ys) - l / 2 - pad;
  const y1 = Math.max(...ys) + l / 2 + pad;
  return s(
    "g",
    { class: "ff-pond", "aria-hidden": "true" },
    s("rect", { x: x0, y: -y1, width: x1 - x0, height: y1 - y0, rx: 60 }),
    s("path", { class: "ff-ripple", d: `M${x0 + 30},${-y0 - 24} q20,-10 40,0 t40,0 M${x1 - 110},${-y1 + 26} q20,-10 40,0 t40,0` }),
  );
}

function jetty(st, seat) {
  const model = st.payload.board;
  const [x, y] = seat.jetty;
  const angle = (Math.atan2(-y, x) * 180) / Math.PI + 90; // the plank's long side faces the water
  const mine = seat.seat === model.viewer;
  const turn = seat.seat === model.turn && !model.over;
  const stars = [];
  for (let i = 0; i < model.trophies_to_win; i++) {
    stars.push(s("path", { d: star(i * 22 - (model.trophies_to_win - 1) * 11, 27, 9.5), class: i < seat.trophies ? "ff-star-won" : "ff-star-empty" }));
  }
  const name = capital(who(st, seat.seat));
  const label = `${name}'s jetty${turn ? ", whose turn it is" : ""}: ${seat.trophies} of ${model.trophies_to_win} trophies`;
  return s(
    "g",
    { class: `ff-jetty ${mine ? "ff-jetty-mine" : ""} ${turn ? "ff-jetty-turn" : ""}`, transform: `translate(${x},${-y})`, "aria-label": label, role: "img", "data-seat": seat.seat },
    s("title", {}, label),
    turn ? s("circle", { class: "ff-turn-glow", r: 66 }) : null,
    s(
      "g",
      { transform: `rotate(${angle})` },
      s("rect", { class: "ff-plank", x: -60, y: -24, width: 120, height: 48, rx: 5 }),
      [-36, -12, 12, 36].map((px) => s("line", { class: "ff-plank-seam", x1: px, x2: px, y1: -22, y2: 22 })),
    ),
    s("text", { class: "ff-jetty-name", y: -2, "text-anchor": "middle" }, mine ? "You" : `P${seat.seat + 1}`),
    s("g", {}, stars),
    seat.tangled ? s("text", { class: "ff-tangled", y: 48, "text-anchor": "middle" }, "tangled") : null,
  );
}

// A water card, lying where it lies, 63 × 88 mm.
function waterCard(st, slot) {
  const model = st.payload.board;
  const [w, l] = model.table.card;
  const x = slot.x - w / 2;
  const y = -slot.y - l / 2;
  const card = slot.card;
  const classes = ["ff-card", `ff-card-${slot.state}`];
  if (slot.bite) classes.push("ff-card-bite");
  if (card && card.kind === "trophy") classes.push("ff-card-trophy");
  let label;
  if (slot.state === "empty") label = `water slot ${slot.slot + 1}: empty`;
  else if (slot.state === "down") label = `water card ${slot.slot + 1}: a face-down fish`;
  else if (slot.state === "peeked") label = `water card ${slot.slot + 1}: face down; your Flashlight showed ${cardWords(card)}`;
  else if (slot.state === "open") label = `water card ${slot.slot + 1}: face down in play, shown: ${cardWords(card)}`;
  else label = `water card ${slot.slot + 1}: ${cardWords(card)}${slot.bitten ? " (it got away once)" : ""}`;
  const attrs = { class: classes.join(" "), "aria-label": label, "data-slot": slot.slot };
  if (card) attrs["data-card"] = String(card.id);
  const aim = slot.aim && canAct(st) ? slot.aim : null;
  if (aim) {
    attrs["data-action"] = String(aim.code);
    attrs.role = "button";
    attrs.tabindex = 0;
  } else {
    attrs.role = "img";
  }
  const g = s("g", attrs, s("title", {}, label));
  if (aim) {
    nameByWords(g, `${label}. Enter casts at its centre`);
    g.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        event.stopPropagation();
        act(st, aim);
      }
    });
  }
  g.append(...cardFace(slot, x, y, w, l));
  // A replay draws the chips a review marks, without their press.
  const chips = slot.actions.filter((action) => canAct(st) || suggestion(st.ui, action.code));
  chips.forEach((action, i) => g.append(slotChip(st, action, slot.x, -slot.y + l / 2 + 14 + i * 22)));
  return g;
}

function cardFace(slot, x, y, w, l) {
  const card = slot.card;
  const number = s("text", { class: "ff-slot-number", x: x + 7, y: y + 12 }, String(slot.slot + 1));
  if (slot.state === "empty") {
    return [s("rect", { class: "ff-card-outline", x, y, width: w, height: l, rx: 4 }), number];
  }
  if (slot.state === "down" || slot.state === "peeked") {
    const out = [
      s("rect", { class: "ff-card-back", x, y, width: w, height: l, rx: 4 }),
      s("rect", { class: "ff-card-back-inner", x: x + 5, y: y + 5, width: w - 10, height: l - 10, rx: 3 }),
      s("path", { class: "ff-back-fish", d: fishPath(slot.x, -slot.y, 15) }),
      number,
    ];
    if (slot.state === "peeked" && card) {
      out.push(
        s("rect", { class: "ff-peek-chip", x: x + 3, y: y + l - 27, width: w - 6, height: 23, rx: 3 }),
        fitText(card.title, slot.x, y + l - 17, w - 10, 8.5, "ff-peek-name"),
        s("text", { class: "ff-peek-rate", x: slot.x, y: y + l - 7.5, "text-anchor": "middle" }, card.kind === "boot" ? "boot" : `rate ${card.rate}`),
      );
    }
    return out;
  }
  const c = colourOf(card);
  const out = [
    s("rect", { class: "ff-card-face", x, y, width: w, height: l, rx: 4, fill: `url(#pat-${card.kind === "boot" ? "grey" : card.colour})`, stroke: c.ink }),
    s("rect", { class: "ff-card-panel", x: x + 5, y: y + 15, width: w - 10, height: l - 38, rx: 3 }),
  ];
  if (card.kind === "boot") {
    out.push(
      s("path", { class: "ff-boot", d: `M${slot.x - 12},${-slot.y - 20} h12 v18 h14 q6,0 6,8 v4 h-32 z` }),
      s("text", { class: "ff-card-title", x: slot.x, y: y + l - 10, "text-anchor": "middle" }, "Boot"),
      number,
    );
    return out;
  }
  out.push(
    s("text", { class: "ff-rate", x: slot.x, y: y + 15 + (l - 38) / 2 + 10, "text-anchor": "middle", fill: c.ink }, String(card.rate)),
    s("text", { class: "ff-rate-caption", x: slot.x, y: y + l - 26, "text-anchor": "middle" }, "catch rate"),
    fitText(card.title, slot.x, y + l - 11, w - 4, 12, "ff-card-title"),
    number,
  );
  if (card.kind === "trophy") out.push(s("path", { class: "ff-trophy-star", d: star(x + w - 9, y + 9, 7) }));
  else if (card.bait) {
    for (let i = 0; i < card.bait; i++) out.push(s("circle", { class: "ff-bait-dot", cx: x + w - 8 - i * 7, cy: y + 8, r: 2.6 }));
  }
  if (card.ability) out.push(s("text", { class: "ff-ability-mark", x: x + w - 8, y: y + l - 3, "text-anchor": "middle" }, "✦"));
  if (slot.bitten) out.push(s("text", { class: "ff-bitten", x: slot.x, y: y - 4, "text-anchor": "middle" }, "got away"));
  return out;
}

function fitText(text, x, y, width, size, cls) {
  const attrs = { class: cls, x, y, "text-anchor": "middle", "font-size": size };
  if (text.length * size * 0.56 > width) {
    attrs.textLength = width;
    attrs.lengthAdjust = "spacingAndGlyphs";
  }
  return s("text", attrs, text);
}

function fishPath(cx, cy, r) {
  return `M${cx - r},${cy} q${r * 0.7},${-r * 0.8} ${r * 1.4},0 q${-r * 0.7},${r * 0.8} ${-r * 1.4},0 z M${cx + r * 0.4},${cy} l${r * 0.6},${-r * 0.45} v${r * 0.9} z`;
}

function slotChip(st, action, cx, cy) {
  const text = action.text.startsWith("use ") ? capital(action.label.replace(/ on water card \d$/, "")) : capital(action.label);
  const width = Math.max(60, text.length * 6.4 + 14);
  const g = s(
    "g",
    { class: "ff-chip", "data-action": String(action.code), transform: `translate(${cx},${cy})` },
    s("rect", { x: -width / 2, y: -9, width, height: 18, rx: 9 }),
    s("text", { y: 4, "text-anchor": "middle" }, text),
  );
  const mark = canAct(st) ? null : suggestion(st.ui, action.code);
  if (mark) return markedChip(g, mark, action, width);
  g.addEventListener("pointerdown", (event) => event.stopPropagation());
  return pressable(g, () => act(st, action), action.label);
}

/** A chip on a water card as a review marks it in a replay: a ring, a word over it, no press. */
function markedChip(g, mark, action, width) {
  g.classList.add(...[mark.inBest && "is-suggested", mark.inPlayed && "is-played"].filter(Boolean));
  for (const [key, value] of Object.entries(suggestData(mark))) g.setAttribute(key, value);
  g.setAttribute("role", "img");
  g.setAttribute("aria-label", `${action.label}; ${mark.words}`);
  g.prepend(s("rect", { class: "ff-suggest-ring", x: -width / 2 - 4, y: -13, width: width + 8, height: 26, rx: 13 }));
  g.append(suggestLabel(mark, 0, -22));
  return g;
}

/** A review's word on the table (SVG): "better", "played". */
function suggestLabel(mark, x, y, size = 11, room = null) {
  const width = mark.badge.length * size * 0.62 + size * 1.3;
  // Kept inside the drawing (`room`: the x range it may use) rather than cut at its edge.
  const shift = room ? Math.max(room[0] + width / 2, Math.min(room[1] - width / 2, room[2] + x)) - room[2] - x : 0;
  return s("g", { class: `suggest-label suggest-${mark.kind}`, transform: `translate(${x + shift},${y})`, "aria-hidden": "true" },
    s("rect", { x: -width / 2, y: -size * 0.8, width, height: size * 1.55, rx: size * 0.77 }),
    s("text", { y: size * 0.36, "text-anchor": "middle", "font-size": size }, mark.badge));
}

/** The points of the casts a review marks: [best, played] (`all`: with nulls for a move that
 * is not a cast), or those that are casts. */
function reviewAims(st, all = false) {
  const suggest = canAct(st) ? null : st.ui.suggest;
  const table = st.payload.board.table;
  const aims = suggest ? [aimOf(suggest.best, table), aimOf(suggest.played, table)] : [];
  return all ? aims : aims.filter(Boolean);
}

// In a replay, where the reviewed seat aims next: the cast the review found better and the one
// played, each a target at its point, with a word (one target when they are the same).
function reviewLayer(st) {
  const suggest = canAct(st) ? null : st.ui.suggest;
  if (!suggest) return null;
  const [best, played] = reviewAims(st, true);
  const [x0, , x1] = viewBox(st);
  const same = String(suggest.best) === String(suggest.played);
  const targets = [
    best && [best, suggestMark(suggest, true, same)],
    played && !same && [played, suggestMark(suggest, false, true)],
  ].filter(Boolean);
  if (!targets.length) return null;
  // The played one first: the better one is drawn over it where they overlap.
  return s("g", { class: "ff-review-layer" }, targets.reverse().map(([[x, y], mark]) =>
    s("g", { class: `ff-aim-suggest ${mark.inBest ? "is-suggested" : ""} ${mark.inPlayed ? "is-played" : ""}`, transform: `translate(${x},${-y})`,
      ...suggestData(mark), "data-x": String(x), "data-y": String(y), role: "img", "aria-label": `aim at ${x}, ${y} mm; ${mark.words}` },
    s("circle", { class: "ff-suggest-ring", r: 22 }),
    s("path", { class: "ff-suggest-cross", d: "M-34,0 h22 M12,0 h22 M0,-34 v22 M0,12 v22" }),
    // The word toward the table's middle, away from its edge.
    suggestLabel(mark, 0, y < 0 ? -52 : 52, 22, [x0, x1, x]))));
}

// The ruler's reach round the die (its yellow "ideal" part inside), under the cards.
function reachLayer(st) {
  const model = st.payload.board;
  const cast = model.cast;
  if (!cast || !measured(cast)) return null;
  const t = model.table;
  const [sx, sy] = cast.stop;
  return s(
    "g",
    { class: `ff-ruler ff-reach-layer ${st.anim ? "ff-hidden" : ""} ${cast.current ? "" : "ff-cast-old"}`, "aria-hidden": "true" },
    s("circle", { class: "ff-reach", cx: sx, cy: -sy, r: cast.ruler + t.die_radius }),
    s("circle", { class: "ff-reach-ideal", cx: sx, cy: -sy, r: t.ruler_ideal + t.die_radius }),
  );
}

// Whether the ruler measured this cast: not when it must be cast again, nor when the recast
// limit made it a miss, nor for a snag (a 1 is a miss whatever the distance), nor when the die
// fell off the table.
function measured(cast) {
  return !["recast", "slid", "snag", "off-table"].includes(cast.outcome);
}

function castLayer(st) {
  const model = st.payload.board;
  const cast = model.cast;
  if (!cast) return null;
  const t = model.table;
  const [ax, ay] = cast.aim;
  const [sx, sy] = cast.stop;
  const jet = model.seats[cast.seat].jetty;
  const reach = cast.ruler + t.die_radius;
  const ruler = [];
  if (measured(cast)) {
    ruler.push(s("circle", { class: "ff-reach-edge", cx: sx, cy: -sy, r: reach }));
    if (cast.slot >= 0 && cast.gap !== null && cast.gap > 0) {
      const slot = model.water[cast.slot];
      const [px, py] = nearestOnCard(sx, sy, slot.x, slot.y, t.card);
      const d = Math.hypot(px - sx, py - sy) || 1;
      const ex = sx + ((px - sx) / d) * t.die_radius;
      const ey = sy + ((py - sy) / d) * t.die_radius;
      const within = cast.gap <= cast.ruler;
      const mx = (ex + px) / 2;
      const my = (ey + py) / 2;
      ruler.push(
        s("line", { class: `ff-measure ${within ? "ff-measure-in" : "ff-measure-out"}`, x1: ex, y1: -ey, x2: px, y2: -py }),
        s("text", { class: "ff-measure-label", x: mx - ((py - sy) / d) * 12, y: -(my + ((px - sx) / d) * 12) + 4, "text-anchor": "middle" }, `${Math.round(cast.gap)} mm`),
      );
    }
  }
  const words = OUTCOME_WORDS[cast.outcome] || cast.outcome;
  const pillWidth = words.length * 8.6 + 16;
  return s(
    "g",
    { class: `ff-cast ${cast.current ? "ff-cast-current" : "ff-cast-old"} ff-outcome-${cast.outcome}`, "data-seat": cast.seat },
    s("line", { class: "ff-throw", x1: jet[0], y1: -jet[1], x2: ax, y2: -ay }),
    s("line", { class: "ff-drift", x1: ax, y1: -ay, x2: sx, y2: -sy }),
    s("path", { class: "ff-aim-mark", d: `M${ax - 9},${-ay} h18 M${ax},${-ay - 9} v18` }),
    s(
      "g",
      { class: `ff-ruler ${st.anim ? "ff-hidden" : ""}` },
      ruler,
      s(
        "g",
        // On the reach's lower edge: clear of the card the die lies on or by.
        { class: "ff-outcome", transform: `translate(${sx},${-sy + (measured(cast) ? reach : t.die_radius + 20)})` },
        s("rect", { x: -pillWidth / 2, y: -11, width: pillWidth, height: 20, rx: 10 }),
        s("text", { y: 4.5, "text-anchor": "middle" }, words),
      ),
    ),
    die(st, cast),
  );
}

function nearestOnCard(x, y, cx, cy, [w, l]) {
  return [Math.max(cx - w / 2, Math.min(cx + w / 2, x)), Math.max(cy - l / 2, Math.min(cy + l / 2, y))];
}

function die(st, cast) {
  const r = st.payload.board.table.die_radius;
  const pts = [];
  for (let i = 0; i < 5; i++) {
    const a = (2 * Math.PI * i) / 5 - Math.PI / 2;
    pts.push(`${(r * Math.cos(a)).toFixed(2)},${(r * Math.sin(a)).toFixed(2)}`);
  }
  const animating = Boolean(st.anim);
  const [sx, sy] = cast.stop;
  return s(
    "g",
    {
      class: "ff-die",
      "data-die": "",
      "data-stop-x": String(sx),
      "data-stop-y": String(sy),
      "data-face": String(cast.face),
      "data-animating": animating ? "true" : "false",
      transform: `translate(${sx},${-sy})`,
      role: "img",
      "aria-label": `the die, stopped at ${fmt(sx)}, ${fmt(sy)} mm, showing ${cast.face}`,
    },
    s("circle", { class: "ff-die-shadow", r: r + 3, cy: 2 }),
    s("g", { class: "ff-die-body" }, s("polygon", { points: pts.join(" ") }), s("text", { class: "ff-die-face", y: 4.2, "text-anchor": "middle" }, String(cast.face))),
    s("g", { class: "ff-die-badge", transform: `translate(${r + 9},${-r - 9})` }, s("circle", { r: 11 }), s("text", { y: 4.6, "text-anchor": "middle" }, String(cast.face))),
  );
}
