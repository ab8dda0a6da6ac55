// Crazy Fishing's board: the sea as the loose pile it is (SVG, in mm), the secret cast picked
// from your hand, the casts in fishing order, every catch pile, the decks and discard piles.
// It draws payload.board (games/crazy_fishing/board.py documents its fields), whose cards are
// ids into payload.cards, the game's card catalogue (each card's facts by id).

import { h, s, markSuggested, nameByWords, pressable, replace, suggestData, suggestMark, suggestion } from "/static/kit.js";

const KIND_WORD = { rod: "rod", bait: "bait", fish: "fish" };
const KIND_ORDER = { rod: 0, bait: 1, fish: 2 };

export function render(root, payload, ui) {
  root.classList.add("board-crazy_fishing");
  const board = payload.board;
  const memory = (root._crazy ||= { cast: new Set(), castKey: "", split: new Set(), splitKey: "" });
  const live = !ui.replay && payload.seat !== null && payload.seat !== undefined;
  const cards = payload.cards || [];
  const ctx = { board, cards, ui, live, memory, root, payload, rerender: () => render(root, payload, ui) };
  ctx.castMarks = castMarks(board, ui);
  // Drawing back to 6 is done on the decks themselves: they come up where decisions are made.
  const drawing = live && board.choices.some((choice) => choice.deck);
  // What the last payload showed, so what is new can move: faces turned up, fish caught.
  if (memory.version !== payload.version) {
    memory.before = memory.now || null;
    memory.version = payload.version;
  }
  ctx.facesBefore = memory.before ? memory.before.faces : null;
  ctx.pilesBefore = memory.before ? memory.before.piles : null;
  memory.now = {
    faces: new Map(board.sea.map((f) => [`${f.spot}:${f.x}:${f.y}`, f.card])),
    piles: board.seats.map((seat) => seat.pile.length),
  };
  replace(
    root,
    statusBar(ctx),
    seatsRow(ctx),
    revealStrip(ctx),
    drawing ? drawPanel(ctx) : decisionPanel(ctx),
    h("div", { class: "cf-table" }, seaPanel(ctx), besidePanel(ctx)),
    handPanel(ctx),
    drawing ? null : decksPanel(ctx),
  );
  fitNames(root);
}

/** A card's name too wide for its card (one long word: "Turbulent" on a phone) is set a little
 * smaller to fit whole; an ellipsis is left for a name that cannot fit even so. */
function fitNames(root) {
  for (const name of root.querySelectorAll(".cf-card-name")) {
    if (name.scrollWidth <= name.clientWidth) continue;
    const size = parseFloat(getComputedStyle(name).fontSize);
    const scale = Math.max(0.7, (name.clientWidth - 0.5) / name.scrollWidth);
    name.style.fontSize = `${(size * scale).toFixed(2)}px`;
  }
}

function drawPanel(ctx) {
  const { board } = ctx;
  const seat = board.seats[board.viewer];
  const rods = `${seat.rods} rod${seat.rods === 1 ? "" : "s"}`;
  const baits = `${seat.baits} bait${seat.baits === 1 ? "" : "s"}`;
  return h(
    "section",
    { class: "cf-decide cf-draw", "aria-label": "Draw a card" },
    h("h3", {}, `Draw back to 6 cards: you hold ${rods} and ${baits}`),
    h("p", { class: "cf-hint" }, "Tap the deck to draw from. Six of one kind means sitting out the next round."),
    decksPanel(ctx),
  );
}

// ----- a review's marks on a replay (kit.js suggestion) -----

/** The cards of the better cast and of the played one, by id: each card's mark. */
function castMarks(board, ui) {
  const marks = new Map();
  const suggest = ui.suggest;
  if (!suggest) return marks;
  const cardsOf = (code) => new Set((board.cast_options.find((o) => String(o.code) === String(code)) || { cards: [] }).cards);
  const best = cardsOf(suggest.best);
  const played = cardsOf(suggest.played);
  for (const id of new Set([...best, ...played])) marks.set(id, suggestMark(suggest, best.has(id), played.has(id)));
  return marks;
}

/** Ring an HTML card or chip and put its badge on it. */
function marked(node, mark) {
  const badge = markSuggested(node, mark);
  if (badge) node.append(badge);
  return node;
}

/** In a replay, the choices made by buttons (stir the sea before or after, stop, split the
 * baits) drawn as words, the better one and the played one marked; none where neither is. */
function reviewedChoices(ctx) {
  const { board, ui } = ctx;
  const choices = [
    ...board.choices.filter((choice) => !choice.deck).map((choice) => [choice.code, choice.label]),
    ...(board.split ? board.split.options.map((option) => [option.code, option.text]) : []),
  ];
  const shown = choices.map(([code, words]) => [suggestion(ui, code), words]).filter(([mark]) => mark);
  if (!shown.length) return null;
  return h(
    "section",
    { class: "cf-decide cf-reviewed", "aria-label": "The choice reviewed" },
    shown.map(([mark, words]) => marked(h("span", { class: "cf-go cf-static", role: "img", "aria-label": words }, words), mark)),
  );
}

// ----- shared helpers -----

function card(ctx, id) {
  return ctx.cards[id];
}

function name(ctx, seat) {
  return ctx.ui.seatName(seat);
}

/** What a card says, in words, for screen readers. */
function cardWords(c) {
  if (!c) return "a card";
  if (c.kind === "fish") return c.label;
  return c.label + (c.plus ? " (last generation)" : "");
}

function valueText(c) {
  if (c.value === null) return "∞";
  return String(c.value);
}

/** Act: by the exact code when JavaScript holds it, else by the action's text. */
function act(ctx, action) {
  if (!ctx.live || !action) return;
  ctx.ui.act(typeof action.code === "number" ? action.code : action.text);
}

/** A rod or bait card (or a fish used as bait) in HTML: value large, name small. */
function rectCard(ctx, id, opts = {}) {
  const c = card(ctx, id);
  const small = opts.small ? " cf-card-small" : "";
  const node = h(
    opts.button ? "button" : "div",
    {
      class: `cf-card cf-${c.kind} colour-${c.colour}${small}${c.kind === "fish" ? " cf-round" : ""}`,
      dataset: { card: String(id) },
      title: c.text ? `${c.label}. ${c.text}` : c.label,
      type: opts.button ? "button" : null,
      role: opts.button ? null : "img",
      "aria-label": opts.button ? null : cardWords(c),
    },
    h("span", { class: "cf-card-plate" },
      h("span", { class: "cf-card-kind" }, KIND_WORD[c.kind]),
      h("span", { class: "cf-card-value" }, valueText(c), c.plus ? h("sup", {}, "+") : null),
      // A line may break before a copy's number (Tempting / #2): names use the card's width.
      h("span", { class: "cf-card-name" }, specialName(c).replace("#", "\u200b#")),
    ),
  );
  return node;
}

/** The short name under the value: the special's name, else the card's unique name. */
function specialName(c) {
  if (c.kind !== "fish" && c.label.includes("(")) return c.label.split(" (")[0];
  if (c.kind === "fish" && c.special) return c.label.replace(/ ?\(\d+\)$/, "").replace(/ \d+$/, "");
  return c.name;
}

/** A small round fish (catch piles, caught this round, beside the sea). */
function fishChip(ctx, id, extra = {}) {
  const c = card(ctx, id);
  return h(
    "span",
    {
      class: `cf-chip colour-${c.colour}`,
      dataset: { card: String(id) },
      title: c.text ? `${c.label}. ${c.text}` : c.label,
      role: "img",
      "aria-label": c.label,
      ...extra,
    },
    h("span", { class: "cf-chip-plate" }, valueText(c)),
  );
}

// ----- status -----

function statusBar(ctx) {
  const { board } = ctx;
  const deciding = board.current.map((seat) => name(ctx, seat));
  const mine = ctx.live && board.current.includes(board.viewer);
  let who = "";
  if (board.phase === "cast") {
    const waiting = board.seats.filter((seat) => seat.cast_state === "choosing").length;
    who = mine ? "Your turn: cast" : waiting ? `${waiting} still choosing` : "";
  } else if (deciding.length) {
    who = mine ? "Your turn" : `${deciding.join(", ")} to act`;
  }
  return h(
    "div",
    { class: "cf-status" },
    h("span", { class: "cf-round-no" }, `Round ${board.round}`),
    h("span", { class: "cf-phase" }, board.phase_text),
    who ? h("span", { class: `cf-who${mine ? " cf-mine" : ""}` }, who) : null,
    board.effects.map((text) => h("span", { class: "cf-effect" }, text)),
  );
}

// ----- seats -----

function seatsRow(ctx) {
  const { board } = ctx;
  return h(
    "div",
    { class: "cf-seats" },
    board.seats.map((seat) => seatPanel(ctx, seat)),
  );
}

const CAST_STATE = {
  choosing: "choosing…",
  chosen: "has chosen ✓",
  "sits out": "sits out",
  out: "sat out",
  cast: "",
};

function seatPanel(ctx, seat) {
  const { board } = ctx;
  const me = seat.seat === board.viewer;
  const catching = board.catching === seat.seat;
  const who = name(ctx, seat.seat);
  let state = CAST_STATE[seat.cast_state] ?? "";
  if (me && seat.cast_state === "chosen") state = "cast chosen ✓";
  if (me && seat.cast_state === "choosing") state = "your choice…";
  if (catching) state = "fishing now";
  const pile = seat.pile;
  const classes = ["cf-seat"];
  if (seat.deciding) classes.push("cf-deciding");
  if (me) classes.push("cf-me");
  if (seat.cast_state === "chosen") classes.push("cf-chosen");
  return h(
    "section",
    { class: classes.join(" "), "aria-label": `${who}: ${seat.score} points` },
    h(
      "header",
      {},
      h("span", { class: "cf-seat-name" }, who),
      h("span", { class: "cf-score", title: "points" }, `${seat.score} pts`),
    ),
    h(
      "div",
      { class: "cf-held", role: "group", "aria-label": `${seat.rods} rods and ${seat.baits} baits in hand` },
      backs("rod", seat.rods),
      backs("bait", seat.baits),
    ),
    state ? h("div", { class: `cf-cast-state cf-${seat.cast_state.replace(" ", "-")}` }, state) : null,
    openCards(ctx, "hand", seat.hand),
    openCards(ctx, "secret cast", seat.secret),
    h(
      "div",
      { class: "cf-pile", role: "group", "aria-label": `catch pile: ${pile.length} fish` },
      pile.length
        ? pile.map((id, index) => {
            const fresh = ctx.pilesBefore && !ctx.ui.reducedMotion && index >= (ctx.pilesBefore[seat.seat] ?? 0);
            const classes = ["cf-chip", `colour-${card(ctx, id).colour}`];
            if (index === pile.length - 1) classes.push("cf-top");
            if (fresh) classes.push("cf-new");
            const chip = fishChip(ctx, id, { class: classes.join(" ") });
            return me ? marked(chip, ctx.castMarks.get(id)) : chip; // a caught fish cast as bait
          })
        : h("span", { class: "cf-empty" }, "no fish yet"),
    ),
    seat.effects.map((text) => h("div", { class: "cf-effect" }, text)),
  );
}

/** A seat's hidden cards, face up: only the replay with everything shown has them. */
function openCards(ctx, what, ids) {
  if (!Array.isArray(ids) || !ids.length) return null;
  return h(
    "div",
    { class: "cf-open", "data-open": what, "aria-label": `${what}: ${ids.map((id) => cardWords(card(ctx, id))).join(", ")}` },
    h("span", { class: "cf-open-title" }, what),
    ids.map((id) => rectCard(ctx, id, { small: true })),
  );
}

/** Card backs held, drawn as a little fan and a count (the backs of rods and baits differ). */
function backs(kind, count) {
  const fan = [];
  for (let i = 0; i < Math.min(count, 6); i++) fan.push(h("span", { class: `cf-back cf-back-${kind}` }));
  return h(
    "span",
    { class: "cf-backs", title: `${count} ${kind}${count === 1 ? "" : "s"}` },
    h("span", { class: "cf-fan" }, fan),
    h("span", { class: "cf-count" }, `${count} ${kind}${count === 1 ? "" : "s"}`),
  );
}

// ----- the reveal, in fishing order -----

function revealStrip(ctx) {
  const { board } = ctx;
  if (!board.reveal.length) return null;
  return h(
    "section",
    { class: "cf-reveal", "aria-label": "The casts, in fishing order" },
    h("h3", {}, "Casts, in fishing order"),
    h(
      "ol",
      {},
      board.reveal.map((entry, index) =>
        h(
          "li",
          { class: `cf-cast-row cf-${entry.state}` },
          h("span", { class: "cf-order" }, String(index + 1)),
          h("span", { class: "cf-cast-who" }, name(ctx, entry.seat)),
          h("span", { class: "cf-cast-cards" }, entry.cards.map((id) => rectCard(ctx, id, { small: true }))),
          h(
            "span",
            { class: "cf-totals" },
            h("span", { title: "speed: the fastest fishes first" }, `speed ${entry.speed}`),
            h("span", { title: "bait: catches a fish of this size or smaller" }, `bait ${entry.bait === null ? "∞" : entry.bait}`),
          ),
          entry.state === "now" ? h("span", { class: "cf-now-badge" }, "fishing now") : null,
          entry.caught.length
            ? h("span", { class: "cf-caught" }, "caught ", entry.caught.map((id) => fishChip(ctx, id)))
            : entry.state === "done"
              ? h("span", { class: "cf-caught cf-none" }, "no catch")
              : null,
        ),
      ),
    ),
  );
}

// ----- the sea -----

function seaPanel(ctx) {
  const { board } = ctx;
  const r = board.diameter / 2;
  if (!board.sea.length) {
    return h("section", { class: "cf-sea cf-sea-empty" }, h("p", {}, "The sea is empty."));
  }
  // Covered fish a Bait Bucket may take, or a Fish Finder look at, can lie wholly under
  // others: each also gets a button below the sea.
  const hidden = ctx.live ? board.sea.filter((f) => f.action && f.covered) : [];
  const xs = board.sea.map((f) => f.x);
  const ys = board.sea.map((f) => -f.y);
  const pad = r + 8;
  // A few fish left keep their size: the water is never less than about 5 cards across.
  const least = board.diameter * 5.5;
  const spanX = Math.max(...xs) - Math.min(...xs) + 2 * pad;
  const spanY = Math.max(...ys) - Math.min(...ys) + 2 * pad;
  const width = Math.max(spanX, least);
  const height = Math.max(spanY, least * 0.8);
  const left = Math.min(...xs) - pad - (width - spanX) / 2;
  const top = Math.min(...ys) - pad - (height - spanY) / 2;
  const svg = s(
    "svg",
    {
      class: "cf-sea-svg",
      viewBox: `${left} ${top} ${width} ${height}`,
      role: "group",
      "aria-label": `The sea: ${board.sea.length} fish`,
    },
    seaDefs(),
    s("rect", { x: left, y: top, width, height, rx: r, class: "cf-water" }),
    s("rect", { x: left, y: top, width, height, rx: r, fill: "url(#cf-ripples)" }),
    board.sea.map((fish) => seaFish(ctx, fish, r)),
    board.sea.map((fish) => seaMark(ctx, fish, r, top)),
    // Outlines over everything, lit while a covered fish's button below is pointed at.
    s("g", { class: "cf-overlay", "aria-hidden": "true" },
      hidden.map((fish) =>
        s("g", { class: "cf-xray", "data-xray": String(fish.spot), transform: `translate(${fish.x},${-fish.y})` },
          s("circle", { r: r + 2 }),
          s("text", { y: 6 }, `#${fish.spot}`)))),
  );
  const hint = seaHint(ctx);
  return h(
    "section",
    { class: "cf-sea" },
    h("h3", {}, `The sea · ${board.sea.length} fish`),
    hint ? h("p", { class: "cf-hint cf-sea-hint" }, hint) : null,
    svg,
    hidden.length ? coveredButtons(ctx, hidden, svg) : null,
    finderNotes(ctx),
    h("p", { class: "cf-legend" }, "Backs show each fish's size range; shaded fish are covered; #n is the spot."),
  );
}

function coveredButtons(ctx, hidden, svg) {
  const verb = hidden[0].action.verb;
  const light = (spot, on) => svg.querySelector(`[data-xray="${spot}"]`)?.classList.toggle("cf-lit", on);
  return h(
    "div",
    { class: "cf-covered-list" },
    h("span", {}, verb === "peek" ? "Covered fish to look at:" : "Covered fish you may take:"),
    hidden.map((fish) => {
      const face = fish.card === null ? null : card(ctx, fish.card);
      const what = face ? face.label : fish.back === "?" ? "size unknown" : fish.back;
      const button = h(
        "button",
        {
          class: "cf-spot-button",
          type: "button",
          dataset: { action: String(fish.action.code), spot: String(fish.spot) },
          "aria-label": `${verb === "peek" ? "Look at" : "Try"} the covered fish at spot ${fish.spot}, ${what}`,
        },
        `#${fish.spot} · ${what}`,
      );
      button.addEventListener("click", () => act(ctx, fish.action));
      for (const [event, on] of [["pointerenter", true], ["pointerleave", false], ["focus", true], ["blur", false]]) {
        button.addEventListener(event, () => light(fish.spot, on));
      }
      return button;
    }),
  );
}

/** What the Fish Finders looked at: the face for the looker only, the spot for everyone. */
function finderNotes(ctx) {
  const { board } = ctx;
  const notes = [];
  for (const fish of board.sea) {
    for (const seat of fish.peeked_by) {
      const mine = seat === board.viewer;
      notes.push(
        h(
          "li",
          { class: mine ? "cf-peek-mine" : null },
          mine && fish.card !== null
            ? ["Your Fish Finder saw ", fishChip(ctx, fish.card), ` ${card(ctx, fish.card).label} at spot #${fish.spot}`, fish.covered ? " (covered)" : ""]
            : `${name(ctx, seat)}'s Fish Finder looked at spot #${fish.spot}`,
        ),
      );
    }
  }
  return notes.length ? h("ul", { class: "cf-finder", "aria-label": "Fish Finder looks" }, notes) : null;
}

function seaHint(ctx) {
  const { board } = ctx;
  const mine = ctx.live && board.sea.some((f) => f.action);
  if (!mine) return "";
  const verb = board.sea.find((f) => f.action).action.verb;
  if (verb === "peek") return "Tap any fish to look at its face (only you will see it).";
  const which = board.targets.length ? "your second fish" : "a fish";
  const beside = board.beside.some((f) => f.action) ? " (or one beside the sea)" : "";
  return `Tap ${which} with a ring to try it${beside}.`;
}

function seaDefs() {
  return s(
    "defs",
    {},
    s(
      "radialGradient",
      { id: "cf-back-grad", cx: "40%", cy: "35%", r: "70%" },
      s("stop", { offset: "0%", "stop-color": "#2f8fb0" }),
      s("stop", { offset: "100%", "stop-color": "#0d4a66" }),
    ),
    s(
      "pattern",
      { id: "cf-ripples", width: 40, height: 16, patternUnits: "userSpaceOnUse" },
      s("path", { d: "M0,8 Q10,2 20,8 T40,8", fill: "none", stroke: "#ffffff", "stroke-width": 1.2, opacity: 0.25 }),
    ),
    s(
      "pattern",
      { id: "cf-scales", width: 10, height: 10, patternUnits: "userSpaceOnUse" },
      s("path", { d: "M0,10 A5,5 0 0 1 10,10", fill: "none", stroke: "#bfe9f5", "stroke-width": 0.8, opacity: 0.35 }),
    ),
  );
}

function seaFish(ctx, fish, r) {
  const { board } = ctx;
  const face = fish.card === null ? null : card(ctx, fish.card);
  const classes = ["cf-fish"];
  if (fish.covered) classes.push("cf-covered");
  if (face) classes.push("cf-known");
  if (fish.chosen) classes.push("cf-chosen-fish");
  const action = ctx.live ? fish.action : null;
  if (action) classes.push("cf-legal");
  const mePeeked = board.viewer !== null && fish.peeked_by.includes(board.viewer);
  const parts = [];
  parts.push(s("circle", { r, class: "cf-fish-edge" }));
  if (face) {
    parts.push(s("circle", { r: r - 2, fill: `url(#pat-${face.colour})` }));
    parts.push(s("circle", { r: r * 0.62, class: "cf-face-plate" }));
    parts.push(s("text", { class: "cf-face-value", y: 4 }, valueText(face)));
    parts.push(fishName(face, r));
  } else {
    parts.push(s("circle", { r: r - 2, fill: "url(#cf-back-grad)" }));
    parts.push(s("circle", { r: r - 2, fill: "url(#cf-scales)" }));
    parts.push(s("text", { class: "cf-back-range", y: 8 }, fish.back));
  }
  parts.push(s("text", { class: "cf-spot", y: -r + 13 }, `#${fish.spot}`));
  if (fish.covered) parts.push(s("circle", { r: r - 1, class: "cf-shade" }));
  if (fish.peeked_by.length) {
    const who = fish.peeked_by.map((seat) => (seat === board.viewer ? "you" : `P${seat + 1}`)).join(",");
    parts.push(
      s("g", { class: "cf-eye", transform: `translate(0,${r * 0.74})` },
        s("rect", { x: -22, y: -8, width: 44, height: 15, rx: 7.5 }),
        s("path", { d: "M-18,-0.5 Q-13,-6 -8,-0.5 Q-13,5 -18,-0.5 Z", class: "cf-eye-white" }),
        s("circle", { cx: -13, cy: -0.5, r: 2, class: "cf-eye-pupil" }),
        s("text", { x: 5, y: 3.5 }, who)),
    );
  }
  if (action) parts.push(s("circle", { r: r + 3, class: "cf-ring" }));
  const mark = fish.action ? suggestion(ctx.ui, fish.action.code) : null;
  if (fish.chosen) {
    parts.push(s("circle", { r: r + 3, class: "cf-chosen-ring" }));
    const index = board.targets.findIndex((t) => t.where === "sea" && t.spot === fish.spot);
    if (board.targets_wanted > 1) {
      parts.push(
        s("g", { class: "cf-order-badge", transform: `translate(${-r * 0.72},${-r * 0.72})` },
          s("circle", { r: 10 }),
          s("text", { y: 4 }, index === 0 ? "1st" : "2nd")),
      );
    }
  }
  const words = [
    face ? `${face.label}` : `a face-down fish, ${fish.back === "?" ? "size unknown" : fish.back.replace("-", " to ")}`,
    `at spot ${fish.spot}`,
    fish.covered ? "covered" : "uncovered",
    mePeeked ? "you looked at it" : fish.peeked_by.length ? "looked at by a Fish Finder" : "",
    fish.chosen ? "chosen this catch" : "",
  ].filter(Boolean);
  if (mark) {
    classes.push(...[mark.inBest && "is-suggested", mark.inPlayed && "is-played"].filter(Boolean));
    words.push(mark.words);
  }
  const g = s(
    "g",
    {
      ...suggestData(mark),
      class: classes.join(" "),
      transform: `translate(${fish.x},${-fish.y})`,
      dataset: face ? { spot: String(fish.spot), card: String(fish.card) } : { spot: String(fish.spot) },
    },
    s("title", {}, words.join(", ")),
    s("g", { class: flipped(ctx, fish) ? "cf-body cf-flip-in" : "cf-body" }, parts),
  );
  if (action) {
    g.dataset.action = String(action.code);
    pressable(g, () => act(ctx, action), `${action.verb === "peek" ? "Look at" : "Try"} ${words.join(", ")}`);
  } else {
    g.setAttribute("role", "img");
    g.setAttribute("aria-label", words.join(", "));
  }
  return g;
}

/** A sea fish's review mark: a ring (solid for the better move, dashed for the played one) and
 * a word above it. */
function seaMark(ctx, fish, r, top) {
  const mark = fish.action ? suggestion(ctx.ui, fish.action.code) : null;
  if (!mark) return null;
  const width = mark.badge.length * 8 + 16;
  // The word above the fish, or under it where the water's top edge would cut it off.
  const above = -fish.y - r - 24 > top;
  // Over every fish, as a covered one's ring would be hidden under the fish above it.
  return s("g", { class: `cf-suggest cf-suggest-${mark.kind}`, "aria-hidden": "true", transform: `translate(${fish.x},${-fish.y})` },
    s("circle", { r: r + 5, class: "cf-suggest-ring" }),
    s("g", { class: "suggest-label", "data-spot": String(fish.spot), transform: `translate(0,${above ? -r - 14 : r + 16})` },
      s("rect", { x: -width / 2, y: -10, width, height: 18, rx: 9 }),
      s("text", { y: 3.5 }, mark.badge)));
}

/** A fish whose face has just turned up (since the last payload drawn) flips into view. */
function flipped(ctx, fish) {
  const before = ctx.facesBefore;
  if (!before || fish.card === null || ctx.ui.reducedMotion) return false;
  return before.get(`${fish.spot}:${fish.x}:${fish.y}`) !== fish.card;
}

/** The fish's name across its face: whole, a long one drawn narrower to fit the fish. */
function fishName(c, r) {
  const text = specialName(c);
  const fit = text.length > 11 ? { textLength: (1.6 * r).toFixed(1), lengthAdjust: "spacingAndGlyphs" } : {};
  return s("text", { class: "cf-face-name", y: 15, ...fit }, text);
}

function besidePanel(ctx) {
  const { board } = ctx;
  if (!board.beside.length) return null;
  return h(
    "section",
    { class: "cf-beside", "aria-label": "Fish beside the sea" },
    h("h3", {}, "Beside the sea"),
    h(
      "div",
      { class: "cf-beside-row" },
      board.beside.map((entry) => {
        const c = card(ctx, entry.card);
        const action = ctx.live ? entry.action : null;
        const caption = h("span", { class: "cf-beside-name" }, c.label);
        const mark = entry.action ? suggestion(ctx.ui, entry.action.code) : null;
        if (!action) return h("span", { class: "cf-beside-fish" }, marked(fishChip(ctx, entry.card, { class: `cf-chip cf-chip-big colour-${c.colour}` }), mark), caption);
        const node = h(
          "button",
          { class: `cf-chip cf-chip-big cf-legal colour-${c.colour}`, type: "button", dataset: { card: String(entry.card), action: String(action.code) }, "aria-label": `Try ${c.label}, beside the sea` },
          h("span", { class: "cf-chip-plate" }, valueText(c)),
        );
        node.addEventListener("click", () => act(ctx, action));
        return h("span", { class: "cf-beside-fish" }, node, caption);
      }),
    ),
  );
}

// ----- decisions: the cast, the split, and buttons -----

function decisionPanel(ctx) {
  const { board } = ctx;
  if (!ctx.live) return reviewedChoices(ctx);
  if (board.cast_options.length) return castPicker(ctx);
  if (board.split) return splitPicker(ctx);
  const buttons = board.choices.filter((choice) => !choice.deck);
  if (!buttons.length) return null;
  const lead = {
    turbulent: "Turbulent Bait: when do you stir the sea?",
    peek: "Tap a fish in the sea to look at it, or",
    retry: `One more try with bait ${board.retry_bait >= 1e6 ? "∞" : board.retry_bait}: tap a ringed fish, or`,
  }[board.phase];
  return h(
    "section",
    { class: "cf-decide" },
    lead ? h("span", { class: "cf-lead" }, lead) : null,
    buttons.map((choice) => {
      const b = h("button", { class: "cf-go", type: "button", dataset: { action: String(choice.code) } }, choice.label);
      b.addEventListener("click", () => act(ctx, choice));
      return b;
    }),
  );
}

function castPicker(ctx) {
  const { board, memory } = ctx;
  const key = board.cast_options.map((o) => o.text).join("|");
  if (memory.castKey !== key) {
    memory.castKey = key;
    memory.cast = new Set();
  }
  const chosen = memory.cast;
  const options = board.cast_options;
  const sameSet = (cards) => cards.length === chosen.size && cards.every((id) => chosen.has(id));
  const match = options.find((o) => sameSet(o.cards));
  const reachable = (id) => {
    const wanted = new Set([...chosen, id]);
    return options.some((o) => [...wanted].every((c) => o.cards.includes(c)));
  };
  const byKind = (ids) => [...ids].sort((a, b) => KIND_ORDER[card(ctx, a).kind] - KIND_ORDER[card(ctx, b).kind]);
  const pickable = byKind(board.cast_cards).map((id) => {
    const picked = chosen.has(id);
    const possible = picked || reachable(id);
    const c = card(ctx, id);
    const node = rectCard(ctx, id, { button: true, small: c.kind === "fish" });
    node.classList.add("cf-pick");
    if (picked) node.classList.add("cf-picked");
    if (!possible) node.classList.add("cf-cannot");
    node.setAttribute("aria-pressed", picked ? "true" : "false");
    nameByWords(
      node,
      `${cardWords(c)}${c.kind === "fish" ? " from your catch pile, as bait" : ""}${possible ? "" : " (cannot join this cast)"}`,
    );
    if (!possible) node.setAttribute("aria-disabled", "true");
    node.addEventListener("click", () => {
      if (!possible) return;
      if (chosen.has(id)) chosen.delete(id);
      else chosen.add(id);
      ctx.rerender();
      ctx.root.querySelector(`.cf-pick[data-card="${id}"]`)?.focus();
    });
    return [id, node];
  });
  const fromHand = pickable.filter(([id]) => card(ctx, id).kind !== "fish").map(([, node]) => node);
  const fromPile = pickable.filter(([id]) => card(ctx, id).kind === "fish").map(([, node]) => node);
  const picked = byKind(chosen).map((id) => card(ctx, id));
  const rods = picked.filter((c) => c.kind === "rod");
  const baits = picked.filter((c) => c.kind !== "rod");
  const speed = rods.reduce((sum, c) => sum + c.value, 0);
  const fishBait = baits.filter((c) => c.kind === "fish");
  const counted = fishBait.length ? fishBait : baits;
  const infinite = counted.some((c) => c.value === null);
  const bait = counted.reduce((sum, c) => sum + (c.kind === "fish" ? 2 * c.value : c.value || 0), 0);
  const go = h(
    "button",
    { class: "cf-go cf-cast-go", type: "button", disabled: match ? null : true },
    match ? `Cast ${picked.map((c) => c.label).join(" + ")}` : "Cast",
  );
  if (match) {
    go.dataset.action = String(match.code);
    go.addEventListener("click", () => {
      memory.cast = new Set();
      act(ctx, match);
    });
  }
  const clear = h("button", { class: "cf-clear", type: "button", disabled: chosen.size ? null : true }, "Clear");
  clear.addEventListener("click", () => {
    memory.cast = new Set();
    ctx.rerender();
  });
  return h(
    "section",
    { class: "cf-decide cf-cast-picker", "aria-label": "Your secret cast" },
    h("h3", {}, "Your secret cast"),
    h("p", { class: "cf-hint" }, "Pick 1 rod and 1 bait (more of a kind only with a + card of that kind). The others only see that you have chosen."),
    h("div", { class: "cf-hand-row", role: "group", "aria-label": "Your rods and baits" }, fromHand),
    fromPile.length
      ? [
          h("p", { class: "cf-hint" }, "With the out-of-series rod, one fish from your catch pile may be the bait (worth double; your bait card comes back):"),
          h("div", { class: "cf-hand-row", role: "group", "aria-label": "Fish from your catch pile" }, fromPile),
        ]
      : null,
    h(
      "div",
      { class: "cf-cast-summary", "aria-live": "polite" },
      chosen.size
        ? h("span", {}, `Speed ${speed} · bait ${infinite ? "∞" : bait}`, fishBait.length ? " (caught fish counts double)" : "")
        : h("span", {}, "Nothing picked yet."),
      !match && chosen.size ? h("span", { class: "cf-missing" }, castMissing(rods, baits)) : null,
    ),
    h("div", { class: "cf-buttons" }, go, clear),
  );
}

function castMissing(rods, baits) {
  if (!rods.length && !baits.length) return "";
  if (!rods.length) return "Add a rod.";
  if (!baits.length) return "Add a bait.";
  if (rods.some((c) => c.special === "super-fast-reel")) return "The Super-Fast Reel needs another rod and at least 2 baits.";
  if (rods.length > 1 && !rods.some((c) => c.plus)) return "Several rods need a + rod among them.";
  if (baits.length > 1 && !baits.some((c) => c.plus)) return "Several baits need a + bait among them.";
  return "Not a cast yet: dimmed cards cannot join it.";
}

function splitPicker(ctx) {
  const { board, memory } = ctx;
  const split = board.split;
  const key = split.options.map((o) => o.text).join("|");
  if (memory.splitKey !== key) {
    memory.splitKey = key;
    memory.split = new Set();
  }
  const first = memory.split;
  const match = split.options.find((o) => o.cards.length === first.size && o.cards.every((id) => first.has(id)));
  const target = (index) => {
    const t = board.targets[index];
    if (!t) return "a fish";
    if (t.card !== null) return card(ctx, t.card).label;
    return t.spot !== null ? `the fish at spot ${t.spot}` : "a fish";
  };
  const targetChip = (index) => {
    const t = board.targets[index];
    return t && t.card !== null ? fishChip(ctx, t.card) : null;
  };
  const column = (title, ids, toFirst) =>
    h(
      "div",
      { class: "cf-split-col" },
      h("h4", {}, targetChip(toFirst ? 1 : 0), " ", title),
      h(
        "div",
        { class: "cf-hand-row" },
        ids.map((id) => {
          const node = rectCard(ctx, id, { button: true });
          node.classList.add("cf-pick");
          nameByWords(node, `${cardWords(card(ctx, id))}: move to the ${toFirst ? "first" : "second"} fish`);
          node.addEventListener("click", () => {
            if (toFirst) first.add(id);
            else first.delete(id);
            ctx.rerender();
          });
          return node;
        }),
      ),
      h("div", { class: "cf-totals" }, `bait ${baitTotal(ctx, ids)}`),
    );
  const firstIds = split.baits.filter((id) => first.has(id));
  const secondIds = split.baits.filter((id) => !first.has(id));
  const go = h("button", { class: "cf-go", type: "button", disabled: match ? null : true }, match ? "Split the baits" : "Put at least one bait on each fish");
  if (match) {
    go.dataset.action = String(match.code);
    go.addEventListener("click", () => act(ctx, match));
  }
  return h(
    "section",
    { class: "cf-decide cf-split", "aria-label": "Split your baits between the two fish" },
    h("h3", {}, "Super-Fast Reel: split your baits"),
    h("p", { class: "cf-hint" }, "Tap a bait to move it to the other fish; each fish needs at least one."),
    h(
      "div",
      { class: "cf-split-cols" },
      column(`First fish: ${target(0)}`, firstIds, false),
      column(`Second fish: ${target(1)}`, secondIds, true),
    ),
    h("div", { class: "cf-buttons" }, go),
  );
}

function baitTotal(ctx, ids) {
  let total = 0;
  for (const id of ids) {
    const c = card(ctx, id);
    if (c.value === null) return "∞";
    total += c.value;
  }
  return String(total);
}

// ----- your hand -----

function handPanel(ctx) {
  const { board } = ctx;
  if (board.viewer === null) return null;
  if (ctx.live && board.cast_options.length) return null; // the cast picker shows the hand
  const mine = board.my_cast;
  return h(
    "section",
    { class: "cf-hand", "aria-label": "Your hand" },
    mine.length
      ? h(
          "div",
          { class: "cf-my-cast" },
          h("h3", {}, "Your secret cast"),
          h("div", { class: "cf-hand-row" }, mine.map((id) => rectCard(ctx, id, { small: true }))),
          h("p", { class: "cf-hint" }, "Revealed when everyone has chosen."),
        )
      : null,
    h("h3", {}, `Your hand · ${board.hand.length} card${board.hand.length === 1 ? "" : "s"}`),
    h(
      "div",
      { class: "cf-hand-row" },
      board.hand.length
        ? [...board.hand].sort((a, b) => KIND_ORDER[card(ctx, a).kind] - KIND_ORDER[card(ctx, b).kind]).map((id) => marked(rectCard(ctx, id), ctx.castMarks.get(id))) : h("span", { class: "cf-empty" }, "empty"),
    ),
  );
}

// ----- decks and discard piles -----

function decksPanel(ctx) {
  const { board } = ctx;
  const draws = Object.fromEntries(board.choices.filter((c) => c.deck).map((c) => [c.deck, c]));
  const deck = (kind) => {
    const count = board.decks[kind];
    const choice = ctx.live ? draws[kind] : null;
    const label = `${kind} deck: ${count} card${count === 1 ? "" : "s"}`;
    const node = h(
      choice ? "button" : "div",
      { class: `cf-deck cf-back-${kind}${choice ? " cf-legal" : ""}`, type: choice ? "button" : null, role: choice ? null : "img", "aria-label": choice ? null : label },
      h("span", { class: "cf-deck-count" }, String(count)),
      h("span", { class: "cf-deck-word" }, choice ? `draw a ${kind}` : `${kind}s`),
    );
    if (!choice && draws[kind]) marked(node, suggestion(ctx.ui, draws[kind].code));
    if (choice) {
      nameByWords(node, `Draw a ${kind} (${label})`);
      node.dataset.action = String(choice.code);
      node.addEventListener("click", () => act(ctx, choice));
    }
    return node;
  };
  const discard = (kind) => {
    const pile = board.discards[kind];
    return h(
      "div",
      { class: "cf-discard", role: "group", "aria-label": `${kind} discards: ${pile.length}` },
      pile.length ? rectCard(ctx, pile[pile.length - 1], { small: true }) : h("span", { class: "cf-slot" }, "—"),
      h("span", { class: "cf-deck-word" }, `${pile.length} discarded`),
    );
  };
  return h(
    "section",
    { class: "cf-decks", "aria-label": "Decks and discard piles" },
    h("div", { class: "cf-deck-pair" }, deck("rod"), discard("rod")),
    h("div", { class: "cf-deck-pair" }, deck("bait"), discard("bait")),
    board.removed.length
      ? h(
          "div",
          { class: "cf-removed" },
          h("span", { class: "cf-deck-word" }, "spent as bait"),
          board.removed.map((id) => fishChip(ctx, id)),
        )
      : null,
  );
}

/** Words for one of the legal actions in the shell's list: a cast by its cards' names
 * ("cast rod 4 and bait 2+"), found among the board model's cast options. */
export function actionLabel(action, payload) {
  const model = payload.board;
  const cards = payload.cards;
  // A sea target is named as the sea shows it, not by its spot number alone.
  const fish = (model.sea || []).find((f) => f.action && String(f.action.code) === String(action.code));
  if (fish) {
    const face = fish.card !== null && cards ? cards[fish.card] : null;
    const what = face ? face.label : `the face-down ${fish.back === "?" ? "fish" : `${fish.back} fish`}`;
    const verb = fish.action.verb === "peek" ? "peek at" : "try"; // as the log says it
    return `${verb} ${what} (spot ${fish.spot})`;
  }
  const options = model.cast_options || [];
  const option = options.find((o) => String(o.code) === String(action.code));
  if (!option || !cards) return null;
  const words = castWords(cards, option, "label");
  if (!words) return null;
  // Two casts listed alike use copies that differ (a fish's back): name the copies then.
  const listed = new Set((payload.legal || []).map((a) => String(a.code)));
  const twin = options.some((o) => o !== option && listed.has(String(o.code)) && castWords(cards, o, "label") === words);
  return `cast ${twin ? castWords(cards, option, "name") : words}`;
}

function castWords(cards, option, field) {
  const names = option.cards.map((id) => (cards[id] ? cards[id][field] : null));
  return names.some((name) => !name) ? null : names.join(" and ");
}
