// Flip & Fish's board: the table from above, to scale (SVG user units are table millimetres,
// y flipped so that north is up), with the water cards, the jetties and the latest cast; beside it
// the panels: your bait, equipment, every player's trophies and the shop.
//
// Aiming: press or drag on the table (a crosshair and the cast's likely spread follow), release to
// cast at the point under the pointer; or arrow keys move an aim cursor and Enter casts. A cast is
// animated from its aim to where the die stopped; the die then carries data-stop-x/-y (table mm,
// as in the event) and data-animating="false".

import { h, s, COLOURS, patternDefs, seatName as kitSeatName, replace, pressable, reducedMotion } from "/static/kit.js";

const ANIMATION_MS = 600;
const STATE = new WeakMap(); // root -> what the board keeps between payloads

const OUTCOME_WORDS = {
  miss: "No bite",
  bite: "A bite!",
  strike: "Strike!",
  boot: "A boot",
  snag: "Snag!",
  caught: "Caught!",
  "got-away": "Got away",
  recast: "Didn't roll over",
};

export function render(root, payload, ui) {
  root.classList.add("board-flip_and_fish");
  ensurePatterns();
  let st = STATE.get(root);
  if (!st) {
    st = { seen: false, castKey: null, anim: null, bait: new Set(), cursor: null, pending: null };
    STATE.set(root, st);
  }
  const model = payload.board;
  if (st.viewer !== model.viewer) {
    // Another person at this screen (hot seat): nothing of the last one's choices stays.
    st.viewer = model.viewer;
    st.bait = new Set();
    st.cursor = null;
  }
  st.root = root;
  st.payload = payload;
  st.ui = ui || {};
  st.pending = null;
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
      if (narrow !== st.narrow && st.payload) {
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
  draw(root, st);
  if (st.anim && !st.anim.running) runAnimation(root, st);
}

// ----- helpers -----

function motionReduced(ui) {
  return Boolean(ui.reducedMotion) || reducedMotion();
}

function canAct(st) {
  return !st.ui.replay && typeof st.ui.act === "function";
}

function who(st, seat) {
  const viewer = st.payload.board.viewer;
  if (st.ui.seatName && !st.ui.replay) return st.ui.seatName(seat);
  return kitSeatName(seat, viewer);
}

function act(st, action) {
  if (!canAct(st) || !action) return;
  st.ui.act(action.text);
}

function ensurePatterns() {
  if (document.getElementById("pat-blue")) return;
  document.body.append(s("svg", { width: 0, height: 0, "aria-hidden": "true", class: "ff-patterns", style: "position:absolute" }, patternDefs()));
}

const fmt = (n) => String(Math.round(n * 10) / 10);

function colourOf(card) {
  if (!card || card.kind === "boot" || !card.colour) return COLOURS.grey;
  return COLOURS[card.colour] || COLOURS.grey;
}

function cardWords(card) {
  if (!card) return "nothing";
  if (card.kind === "boot") return "a boot";
  if (card.effect !== undefined) return `${card.title} (${card.kind} equipment: ${card.text})`;
  const what = card.kind === "trophy" ? "trophy fish" : "fish";
  const bait = card.bait ? `, bait ${card.bait}` : "";
  const ability = card.ability ? `; ${card.ability}` : "";
  return `${card.title}, ${card.colour} ${what}, catch rate ${card.rate}${bait}${ability}`;
}

// ----- the whole board -----

function draw(root, st) {
  const model = st.payload.board;
  replace(
    root,
    h(
      "div",
      { class: "ff-layout" },
      h("section", { class: "ff-table-area", "aria-label": "The table", style: tableAreaStyle(st) }, status(st), tableSvg(st), castLine(st)),
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
  return `flex-basis: ${width}; max-width: max(${width}, 22rem)`;
}

// ----- the status line above the table: whose turn, the roll, done -----

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
  }
  if (model.aim && canAct(st)) {
    parts.push(h("span", { class: "ff-aim-hint" }, model.aim.hint));
  }
  return h("div", { class: "ff-status" }, parts);
}

function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function castLine(st) {
  const model = st.payload.board;
  const cast = model.cast;
  const animating = Boolean(st.anim);
  const text = !cast
    ? "No cast yet."
    : animating
      ? `${capital(who(st, cast.seat))} cast${cast.seat === model.viewer ? "" : "s"}…`
      : cast.story.join(". ") + ".";
  return h("p", { class: "ff-cast-line", "aria-live": "polite" }, text);
}

// ----- the table -----

// On a narrow screen the table is cropped to the water, your jetty and the cast, so that the
// cards stay large enough to read; elsewhere it shows every jetty.
const NARROW = 560;

function viewBox(st) {
  const model = st.payload.board;
  const t = model.table;
  if (!st.narrow) return t.view;
  const [w, l] = t.card;
  const xs = model.water.flatMap((c) => [c.x - w / 2, c.x + w / 2]);
  const ys = model.water.flatMap((c) => [c.y - l / 2, c.y + l / 2]);
  // Your jetty; a spectator's, the jetty of the seat whose turn it is.
  const watching = model.viewer === null || model.viewer === undefined;
  const seat = model.seats[watching ? model.turn : model.viewer];
  if (seat) {
    xs.push(seat.jetty[0] - 62, seat.jetty[0] + 62);
    ys.push(seat.jetty[1] - 62, seat.jetty[1] + 62);
  }
  if (model.cast) {
    for (const [x, y] of [model.cast.aim, model.cast.stop]) {
      xs.push(x - 40, x + 40);
      ys.push(y - 40, y + 40);
    }
  }
  const margin = 22;
  const clamp = (v) => Math.max(-t.half, Math.min(t.half, v));
  return [clamp(Math.min(...xs) - margin), clamp(Math.min(...ys) - margin), clamp(Math.max(...xs) + margin), clamp(Math.max(...ys) + margin)];
}

function tableSvg(st) {
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
      style: `max-width: calc(var(--ff-table-height) * ${((x1 - x0) / (y1 - y0)).toFixed(4)})`,
    },
    s("rect", { class: "ff-felt", x: -t.half, y: -t.half, width: 2 * t.half, height: 2 * t.half, rx: 18 }),
    grid(box),
    pond(model),
    model.seats.map((seat) => jetty(st, seat)),
    reachLayer(st),
    model.water.map((slot) => waterCard(st, slot)),
    castLayer(st),
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

function star(cx, cy, r) {
  const pts = [];
  for (let i = 0; i < 10; i++) {
    const a = (Math.PI / 5) * i - Math.PI / 2;
    const rr = i % 2 ? r * 0.45 : r;
    pts.push(`${(cx + rr * Math.cos(a)).toFixed(2)},${(cy + rr * Math.sin(a)).toFixed(2)}`);
  }
  return `M${pts.join("L")}Z`;
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
  else label = `water card ${slot.slot + 1}: ${cardWords(card)}${slot.bitten ? " (it got away once)" : ""}`;
  const attrs = { class: classes.join(" "), "aria-label": label, "data-slot": slot.slot };
  if (card) attrs["data-card"] = String(card.id);
  const aim = slot.aim && canAct(st) ? slot.aim : null;
  if (aim) {
    attrs["data-action"] = String(aim.code);
    attrs.role = "button";
    attrs.tabindex = 0;
    attrs["aria-label"] = `${label}. Enter casts at its centre`;
  } else {
    attrs.role = "img";
  }
  const g = s("g", attrs, s("title", {}, label));
  if (aim) {
    g.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        event.stopPropagation();
        act(st, aim);
      }
    });
  }
  g.append(...cardFace(slot, x, y, w, l));
  const chips = slot.actions.filter(() => canAct(st));
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
  g.addEventListener("pointerdown", (event) => event.stopPropagation());
  return pressable(g, () => act(st, action), action.label);
}

// ----- the latest cast: the throw, the die and the ruler's reach -----

// The ruler's reach round the die (its yellow "ideal" part inside), under the cards.
function reachLayer(st) {
  const model = st.payload.board;
  const cast = model.cast;
  if (!cast || cast.outcome === "recast" || cast.outcome === "snag") return null;
  const t = model.table;
  const [sx, sy] = cast.stop;
  return s(
    "g",
    { class: `ff-ruler ff-reach-layer ${st.anim ? "ff-hidden" : ""} ${cast.current ? "" : "ff-cast-old"}`, "aria-hidden": "true" },
    s("circle", { class: "ff-reach", cx: sx, cy: -sy, r: cast.ruler + t.die_radius }),
    s("circle", { class: "ff-reach-ideal", cx: sx, cy: -sy, r: t.ruler_ideal + t.die_radius }),
  );
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
  if (cast.outcome !== "recast" && cast.outcome !== "snag") {
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
        { class: "ff-outcome", transform: `translate(${sx},${-sy + (cast.outcome === "recast" || cast.outcome === "snag" ? t.die_radius + 20 : reach)})` },
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

function progress(st) {
  if (!st.anim) return 1;
  return Math.min(1, (performance.now() - st.anim.t0) / ANIMATION_MS);
}

// Where the die is at progress p (0: the aim, 1: the stop), rolling as it goes.
function placeDie(root, st, p) {
  const cast = st.payload.board.cast;
  const el = root.querySelector(".ff-die");
  if (!cast || !el) return;
  const [ax, ay] = cast.aim;
  const [sx, sy] = cast.stop;
  const e = 1 - Math.pow(1 - p, 3);
  const x = ax + (sx - ax) * e;
  const y = ay + (sy - ay) * e;
  const hop = Math.sin(Math.PI * Math.min(1, p * 1.6)) * 0.35 * (1 - p);
  const body = el.querySelector(".ff-die-body");
  el.setAttribute("transform", `translate(${x},${-y})`);
  if (body) body.setAttribute("transform", `rotate(${(1 - e) * 720}) scale(${1 + hop})`);
  const face = p >= 1 ? cast.face : ((Math.floor(p * 14) + cast.face) % 12) + 1;
  el.querySelectorAll("text").forEach((t) => (t.textContent = String(face)));
  el.dataset.animating = p >= 1 ? "false" : "true";
}

function runAnimation(root, st) {
  const anim = st.anim;
  anim.running = true;
  const finish = () => {
    if (st.anim !== anim) return;
    st.anim = null;
    placeDie(root, st, 1);
    root.querySelectorAll(".ff-ruler.ff-hidden").forEach((g) => g.classList.remove("ff-hidden"));
    const line = root.querySelector(".ff-cast-line");
    const cast = st.payload.board.cast;
    if (line && cast) line.textContent = cast.story.join(". ") + ".";
  };
  const tick = () => {
    if (st.anim !== anim) return;
    const p = progress(st);
    if (p >= 1) finish();
    else {
      placeDie(root, st, p);
      requestAnimationFrame(tick);
    }
  };
  requestAnimationFrame(tick);
  setTimeout(finish, ANIMATION_MS + 300); // a hidden tab gets no frames: end it anyway
}

// ----- aiming -----

function aimLayer(st) {
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

function wireAiming(svg, st) {
  const model = st.payload.board;
  let dragging = null;
  const at = (event) => {
    const p = tablePoint(svg, event);
    return p ? clampAim(model, p[0], p[1]) : null;
  };
  const cast = (point) => {
    st.cursor = point;
    st.pending = point;
    svg.classList.add("ff-casting");
    act(st, { text: `cast ${point[0]} ${point[1]}` });
  };
  svg.addEventListener("pointerdown", (event) => {
    if (event.button !== undefined && event.button !== 0) return;
    event.preventDefault();
    dragging = event.pointerId;
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
    dragging = null;
    const r = svg.getBoundingClientRect();
    const inside = event.clientX >= r.left && event.clientX <= r.right && event.clientY >= r.top && event.clientY <= r.bottom;
    const point = at(event);
    if (point && inside) cast(point);
    else showAim(svg, st, st.cursor); // released off the table: no cast
  });
  svg.addEventListener("pointercancel", () => {
    dragging = null;
    showAim(svg, st, st.cursor);
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
    if (move) {
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

// ----- the panels -----

function miniCard(card, extra = {}) {
  const isGear = card.effect !== undefined;
  const colour = isGear ? "grey" : card.kind === "boot" ? "grey" : card.colour;
  const classes = ["ff-mini", isGear ? "ff-mini-gear" : "ff-mini-fish", `ff-mini-${card.kind}`];
  if (extra.used) classes.push("ff-mini-used");
  if (extra.selected) classes.push("ff-mini-selected");
  const swatch = s(
    "svg",
    { class: "ff-swatch", viewBox: "0 0 16 22", "aria-hidden": "true" },
    s("rect", { width: 16, height: 22, rx: 3, fill: `url(#pat-${colour})`, stroke: (COLOURS[colour] || COLOURS.grey).ink }),
    card.kind === "trophy" ? s("path", { d: star(8, 11, 5.5), class: "ff-trophy-star" }) : null,
  );
  const detail = isGear
    ? `${card.kind}: ${card.text}`
    : card.kind === "boot"
      ? "boot"
      : `${card.colour} ${card.kind === "trophy" ? "trophy" : "fish"} · catch ${card.rate}${card.bait ? ` · bait ${card.bait}` : ""}${card.carp ? " · carp" : ""}`;
  return h(
    "div",
    { class: classes.join(" "), "data-card": String(card.id), title: isGear ? card.text : card.ability || "" },
    swatch,
    h("span", { class: "ff-mini-text" }, h("span", { class: "ff-mini-title" }, card.title, extra.used ? " (used)" : ""), h("span", { class: "ff-mini-detail" }, detail)),
    extra.children && [extra.children].flat().length ? h("span", { class: "ff-mini-actions" }, extra.children) : null,
  );
}

function actionButton(st, action, text, cls = "") {
  return h(
    "button",
    { class: `ff-btn ${cls}`, type: "button", "data-action": String(action.code), "aria-label": action.label, onClick: () => act(st, action) },
    text,
  );
}

function yourPanels(st) {
  const model = st.payload.board;
  if (model.viewer === null || model.viewer === undefined) return null;
  const me = model.seats[model.viewer];
  const acting = canAct(st);
  // Bait: tick caught fish, then fish.
  const options = acting ? model.fish_options : [];
  const offered = new Set(options.flatMap((o) => o.bait));
  const chosen = [...st.bait].sort((a, b) => a - b);
  const match = options.find((o) => o.bait.length === chosen.length && o.bait.every((id, i) => [...o.bait].sort((a, b) => a - b)[i] === chosen[i]));
  const caught = me.caught.map((card) => {
    const selectable = offered.has(card.id);
    const selected = st.bait.has(card.id);
    const children = [];
    if (selectable) {
      children.push(
        h(
          "button",
          {
            class: `ff-btn ff-small ff-toggle ${selected ? "ff-on" : ""}`,
            type: "button",
            "aria-pressed": selected ? "true" : "false",
            "aria-label": `${selected ? "remove" : "use"} ${card.title} as bait`,
            onClick: () => {
              if (selected) st.bait.delete(card.id);
              else st.bait.add(card.id);
              draw(st.root, st);
            },
          },
          selected ? "bait ✓" : "as bait",
        ),
      );
    }
    for (const a of acting ? card.actions : []) children.push(actionButton(st, a, a.text.startsWith("stocktake") ? "stocktake" : "discard", "ff-small"));
    return miniCard(card, { selected, children });
  });
  const fishing = [];
  if (options.length) {
    const label = match ? capital(match.label) : "That bait is not allowed";
    fishing.push(
      match
        ? h("button", { class: "ff-btn ff-primary ff-fish", type: "button", "data-action": String(match.code), "aria-label": match.label, onClick: () => act(st, match) }, label)
        : h("button", { class: "ff-btn ff-fish", type: "button", disabled: true }, label),
    );
  }
  const gear = me.gear.map((card) =>
    miniCard(card, {
      used: !card.ready,
      children: acting ? card.actions.map((a) => actionButton(st, a, a.text.startsWith("use") ? "use" : "discard", "ff-small")) : null,
    }),
  );
  const gearUps = acting ? model.gear_up.map((g) => actionButton(st, g, capital(g.label))) : [];
  return [
    h(
      "section",
      { class: "ff-panel ff-panel-catch", "aria-label": "Your catch and bait" },
      h("h3", {}, "Your catch ", h("span", { class: "ff-count" }, `${me.trophies}/${model.trophies_to_win} trophies`)),
      caught.length ? h("div", { class: "ff-minis" }, caught) : h("p", { class: "ff-empty" }, "No fish yet."),
      options.length ? h("p", { class: "ff-note" }, "Tick fish to use as bait (their ratings add to the roll; a matching colour adds 2)."): null,
      fishing,
    ),
    h(
      "section",
      { class: "ff-panel ff-panel-gear", "aria-label": "Your equipment" },
      h("h3", {}, "Your equipment ", h("span", { class: "ff-count" }, `ruler ${me.ruler} mm`)),
      gear.length ? h("div", { class: "ff-minis" }, gear) : h("p", { class: "ff-empty" }, "No equipment."),
      gearUps.length ? h("div", { class: "ff-row" }, gearUps) : null,
    ),
  ];
}

function playersPanel(st) {
  const model = st.payload.board;
  const rows = model.seats
    .filter((seat) => seat.seat !== model.viewer)
    .map((seat) =>
      h(
        "div",
        { class: `ff-player ${seat.to_act ? "ff-player-turn" : ""}`, "data-seat": seat.seat },
        h(
          "div",
          { class: "ff-player-head" },
          h("b", {}, capital(who(st, seat.seat))),
          seat.to_act ? h("span", { class: "ff-badge" }, "to act") : null,
          seat.tangled ? h("span", { class: "ff-badge ff-badge-warn" }, "lines tangled") : null,
          h("span", { class: "ff-count" }, `${seat.trophies}/${model.trophies_to_win} trophies · ruler ${seat.ruler} mm`),
        ),
        seat.caught.length ? h("div", { class: "ff-minis ff-minis-small" }, seat.caught.map((c) => miniCard(c))) : h("p", { class: "ff-empty" }, "No fish."),
        seat.gear.length ? h("div", { class: "ff-minis ff-minis-small" }, seat.gear.map((c) => miniCard(c, { used: !c.ready }))) : null,
      ),
    );
  if (!rows.length) return null;
  return h("section", { class: "ff-panel ff-panel-players", "aria-label": "Trophies and catches" }, h("h3", {}, model.viewer === null ? "Players" : "Other players"), rows);
}

function shopPanel(st) {
  const model = st.payload.board;
  const shop = model.shop;
  const acting = canAct(st);
  let body;
  if (!shop.open) {
    body = h("p", { class: "ff-empty" }, shop.pending ? "A trophy was caught: the shop opens next turn." : "The shop opens after the first trophy is caught.");
  } else {
    body = h(
      "div",
      { class: "ff-minis" },
      shop.row.map((card) => miniCard(card, { children: acting && card.action ? actionButton(st, card.action, "buy", "ff-small ff-primary") : null })),
    );
  }
  const dip = acting && shop.dip ? actionButton(st, shop.dip, "Lucky dip (top card)") : null;
  return h(
    "section",
    { class: "ff-panel ff-panel-shop", "aria-label": "The shop" },
    h("h3", {}, "Shop ", h("span", { class: "ff-count" }, `${shop.deck} in deck · ${shop.discard} discarded · fishing deck ${model.deck}`)),
    body,
    dip ? h("div", { class: "ff-row" }, dip) : null,
  );
}
