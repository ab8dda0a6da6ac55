// Fishing's board: the table as one seat sees it. Draws the board model of
// src/angler/games/fishing/board.py (its docstring lists the fields; its cards are ids into
// payload.cards, the game's card catalogue, looked up first of all): the seats with their
// scores and piles, the effects in force, the trick, the ocean stack and your hand. Cards that
// an action takes are buttons carrying data-action; the shell shows the prompt and the log.

import { COLOURS, count, h, markSuggested, nameByWords, patternDefs, replace, s, suggestion } from "/static/kit.js";

const ANIMATED = new WeakMap(); // root -> the card ids last drawn in the trick (to animate new ones)

// Buoys are drawn on sand with a red-and-white float; the -3 in warning red.
const BUOY = { fill: "#fff3d6", ink: "#0c4a5a", edge: "#0e7490" };
const MINUS = { fill: "#ffe1e1", ink: "#9f1239", edge: "#be123c" };
const BUOY_SIGN = {
  "pass-left": "←",
  "minus-three": "−3",
  "catch-all": "ALL",
  "play-first": "1st",
  "call-colour": "?",
  "lowest-wins": "↓",
};

export function render(root, payload, ui) {
  root.classList.add("board-fishing");
  ensurePatterns();
  const board = withCards(payload.board, payload.cards || []);
  const live = !ui.replay && payload.seat !== null && payload.seat !== undefined;
  const act = (code) => () => ui.act(code);
  const action = (code) => (live && code !== null && code !== undefined ? code : null);
  const fresh = newTrickCards(root, board, ui);
  const focused = focusedThing(root);

  replace(
    root,
    statusBar(board, live),
    seatStrip(board),
    tableArea(board, action, act, fresh, ui),
    handArea(board, action, act, live, ui),
    oceanPanel(board),
  );
  refocus(root, focused);
}

/** The board model with each card id replaced by the card's facts from the catalogue (`cards`,
 * kept from the socket's first state); a hand card keeps its own action and passing beside them. */
function withCards(board, cards) {
  const card = (id) => cards[id];
  const cardOf = (entry) => ({ ...entry, card: card(entry.card) });
  return {
    ...board,
    hand: board.hand.map((entry) => ({ ...cards[entry.id], ...entry })),
    trick: board.trick.map(cardOf),
    last_trick: board.last_trick && { ...board.last_trick, plays: board.last_trick.plays.map(cardOf) },
    pass: board.pass && { ...board.pass, mine: board.pass.mine === null ? null : card(board.pass.mine) },
    last_pass: board.last_pass && cardOf(board.last_pass),
    seats: board.seats.map((seat) => ({
      ...seat,
      caught: seat.caught.map(card),
      cards: seat.cards && seat.cards.map(card),
      stock_cards: seat.stock_cards && seat.stock_cards.map(card),
    })),
    stockroom: board.stockroom.map(card),
  };
}

/** What has the keyboard focus inside the board (a card, a colour), to find it after a redraw. */
function focusedThing(root) {
  const active = document.activeElement;
  if (!active || !root.contains(active)) return null;
  return { card: active.dataset.card, action: active.dataset.action };
}

/** Give the focus back after a redraw: to the same card if it is still a button, else to the
 * first thing now to press, so that a keyboard player never falls back to the page's top. */
function refocus(root, focused) {
  if (!focused) return;
  const same = focused.card !== undefined
    ? root.querySelector(`button[data-card="${focused.card}"]`)
    : root.querySelector(`button[data-action="${focused.action}"]`);
  const next = same || root.querySelector("button[data-action]");
  if (next) next.focus({ preventScroll: true });
}

// ----- the cards -----

/** One face-up card: a <button> taking `code` when it is legal, else a dimmed picture. */
function cardElement(card, { code = null, onPress = null, verb = "", extra = "", dim = false } = {}) {
  const face = cardFace(card);
  const classes = ["fb-card", card.colour === "buoy" && "is-buoy",
    card.effect === "minus-three" && "is-minus", card.trump && "is-trump"];
  const words = [verb ? `${verb} ${card.label}` : card.label, extra].filter(Boolean).join(", ");
  if (code !== null && onPress) {
    const button = h(
      "button",
      {
        type: "button",
        class: [...classes, "is-legal"].filter(Boolean).join(" "),
        "data-card": card.id,
        "data-action": code,
        title: words,
        onClick: onPress,
      },
      face,
    );
    return nameByWords(button, words);
  }
  return h(
    "div",
    {
      class: [...classes, dim && "is-dim"].filter(Boolean).join(" "),
      "data-card": card.id,
      role: "img",
      "aria-label": words,
      title: words,
    },
    face,
  );
}

/** The card's face as SVG: a rounded card, its colour as a patterned field, the big value in a
 * white medallion, corner indexes, and a banner with its colour name or its effect tag. */
function cardFace(card) {
  const buoy = card.colour === "buoy";
  const palette = buoy ? (card.effect === "minus-three" ? MINUS : BUOY) : COLOURS[card.colour] || COLOURS.grey;
  const ink = palette.ink;
  const big = buoy ? BUOY_SIGN[card.effect] || "★" : String(card.value);
  const corner = buoy ? BUOY_SIGN[card.effect] || "" : String(card.value);
  const letter = buoy ? "" : (COLOURS[card.colour] || {}).letter || "";
  const banner = card.tag || card.colour;
  const parts = [
    s("rect", { x: 1.5, y: 1.5, width: 97, height: 137, rx: 11, fill: "#fffdf8", stroke: buoy ? palette.edge : "#0b2a3a55", "stroke-width": buoy ? 3 : 2 }),
  ];
  if (buoy) {
    parts.push(
      s("rect", { x: 7, y: 7, width: 86, height: 126, rx: 8, fill: palette.fill }),
      // the float: a ring of red and white quarters
      s("circle", { cx: 50, cy: 58, r: 27, fill: "#ffffff", stroke: palette.edge, "stroke-width": 2 }),
      s("path", { d: "M50,31 A27,27 0 0 1 77,58 L50,58 Z M50,85 A27,27 0 0 1 23,58 L50,58 Z", fill: "#e11d48", opacity: 0.85 }),
      s("circle", { cx: 50, cy: 58, r: 17, fill: "#ffffff" }),
    );
  } else {
    parts.push(
      s("rect", { x: 7, y: 7, width: 86, height: 126, rx: 8, fill: `url(#pat-${card.colour})`, stroke: ink, "stroke-width": 1 }),
      s("ellipse", { cx: 50, cy: 60, rx: 30, ry: 30, fill: "#ffffff", stroke: ink, "stroke-width": 2.5 }),
    );
    if (card.trump) {
      // a crown over the medallion marks a trump
      parts.push(s("path", { d: "M36,28 L40,18 L46,25 L50,14 L54,25 L60,18 L64,28 Z", fill: "#fff7c2", stroke: ink, "stroke-width": 2, "stroke-linejoin": "round" }));
    }
  }
  parts.push(
    s("text", { x: 50, y: buoy ? 58 : 72, "dominant-baseline": buoy ? "central" : null, "text-anchor": "middle", "font-size": bigSize(big, buoy), "font-weight": 800, fill: ink }, big),
    // corner indexes: value over colour letter, top left and (turned) bottom right
    s("rect", { x: 9, y: 9, width: 24, height: letter ? 33 : 20, rx: 5, fill: "#ffffffe6" }),
    s("text", { x: 21, y: 25, "text-anchor": "middle", "font-size": corner.length > 2 ? 11 : 16, "font-weight": 800, fill: ink }, corner),
    letter && s("text", { x: 21, y: 38, "text-anchor": "middle", "font-size": 11, "font-weight": 700, fill: ink }, letter),
    stars(card.stars, ink),
    s("rect", { x: 7, y: 103, width: 86, height: 24, fill: ink, opacity: 0.92 }),
    s("text", { x: 50, y: 120, "text-anchor": "middle", "font-size": banner.length > 7 ? 14 : 16, "font-weight": 700, fill: "#ffffff", "letter-spacing": 0.3 }, banner),
  );
  return s("svg", { viewBox: "0 0 100 140", class: "fb-face", "aria-hidden": "true", focusable: "false" }, parts);
}

/** The medallion's type size: a buoy's sign must sit inside the float's white centre. */
function bigSize(text, buoy) {
  if (buoy) return [30, 30, 22, 17][Math.min(text.length, 3)];
  return text.length > 2 ? 24 : 34;
}

function stars(count, ink) {
  if (!count) return null;
  // the star tier the card came from, small, between the medallion and the banner
  return s("text", { x: 50, y: 100, "text-anchor": "middle", "font-size": 9, fill: ink, opacity: 0.85, "letter-spacing": 1 }, "★".repeat(count));
}

function ensurePatterns() {
  // The shell puts the colour patterns in the page once; a board drawn elsewhere adds its own.
  if (document.getElementById("pat-blue")) return;
  document.body.append(s("svg", { width: 0, height: 0, "aria-hidden": "true", class: "pattern-defs" }, patternDefs()));
}

// ----- the status line: round, hand size, whose turn and what you decide -----

function statusBar(board, live) {
  return h(
    "div",
    { class: "fb-status" },
    h(
      "span",
      { class: "fb-round" },
      h("b", {}, `Round ${board.round} of ${board.rounds}`),
      board.trick_number !== null ? ` · trick ${board.trick_number} of ${board.hand_size}` : "",
      h("span", { class: "fb-handsize" }, ` · ${board.hand_size} cards a hand`),
    ),
    h("span", { class: `fb-turn${board.deciding && live ? " is-you" : ""}`, role: "status" }, turnWords(board, live)),
  );
}

function who(board, seat) {
  const panel = board.seats.find((p) => p.seat === seat);
  return panel ? panel.name : `Player ${seat + 1}`;
}

function turnWords(board, live) {
  if (board.over) return board.overfished ? "Game over: the ocean ran out (overfishing)" : "Game over";
  const doing = {
    play: "play a card to the trick",
    catch: "choose the card your 0 catches",
    pass: "choose a card to pass to the left",
    call: "call the colour of this trick",
  };
  if (board.deciding) return live ? `Your turn: ${doing[board.deciding]}` : `You ${doing[board.deciding]}`;
  if (board.phase === "pass") {
    const left = board.to_act.map((seat) => who(board, seat));
    return left.length ? `Passing to the left: waiting for ${left.join(", ")}` : "Passing to the left";
  }
  const seat = board.to_act[0];
  if (seat === undefined) return "";
  const verb = { play: "is playing", catch: "is choosing what their 0 catches", call: "is calling a colour" }[board.phase];
  return `${who(board, seat)} ${verb || "is deciding"}`;
}

// ----- the seats -----

function seatStrip(board) {
  return h(
    "ol",
    { class: "fb-seats", "aria-label": "Players" },
    board.seats.map((seat) => seatPanel(board, seat)),
  );
}

function seatPanel(board, seat) {
  const marks = [];
  if (seat.to_act) marks.push(h("span", { class: "fb-mark is-acting" }, board.phase === "pass" ? "choosing" : "to act"));
  if (seat.passed === true) marks.push(h("span", { class: "fb-mark is-passed" }, "✓ has passed"));
  if (seat.leader && board.phase !== "pass") marks.push(h("span", { class: "fb-mark" }, "leads"));
  if (board.pass && board.pass.to === seat.seat) marks.push(h("span", { class: "fb-mark" }, "receives your pass"));
  if (board.winners.includes(seat.seat)) marks.push(h("span", { class: "fb-mark is-winner" }, "★ wins"));
  const minus = seat.caught.filter((card) => card.effect === "minus-three").length;
  const words = [
    `${seat.name}: score ${seat.score}`,
    `${seat.hand} in hand`,
    `${seat.stock} in stockroom`,
    `${seat.caught.length} caught this round`,
    seat.to_act && "to act",
    seat.passed === true && "has passed",
    board.winners.includes(seat.seat) && "winner",
  ].filter(Boolean).join(", ");
  return h(
    "li",
    {
      class: ["fb-seat", seat.to_act && "is-acting", seat.you && "is-you", seat.passed && "has-passed", board.winners.includes(seat.seat) && "is-winner"].filter(Boolean).join(" "),
      "data-seat": seat.seat,
      "aria-label": words,
    },
    h(
      "div",
      { class: "fb-seat-head" },
      h("span", { class: "fb-seat-name" }, seat.name),
      h("span", { class: "fb-score", title: "score" }, h("b", {}, seat.score), h("small", {}, " pts")),
    ),
    h(
      "dl",
      { class: "fb-stats" },
      stat("hand", seat.hand),
      stat("stockroom", seat.stock),
      stat("caught", seat.caught.length),
    ),
    seat.caught.length
      ? h(
          "div",
          { class: "fb-caught", role: "group", "aria-label": `caught this round: ${seat.caught.map((c) => c.name).join(", ")}` },
          seat.caught.map((card) => chip(card)),
          minus ? h("span", { class: "fb-minus-note" }, `−3 ×${minus}`) : null,
        )
      : null,
    openCards("hand", seat.cards),
    openCards("stockroom", seat.stock_cards),
    marks.length ? h("div", { class: "fb-marks" }, marks) : null,
  );
}

/** A seat's hidden cards, face up: only the replay with everything shown has them. */
function openCards(what, cards) {
  if (!cards || !cards.length) return null;
  return h(
    "div",
    { class: "fb-caught fb-open", "data-open": what, "aria-label": `${what}: ${cards.map((c) => c.name).join(", ")}` },
    h("span", { class: "fb-open-title" }, what),
    cards.map((card) => chip(card)),
  );
}

function stat(label, value) {
  return h("div", { class: "fb-stat" }, h("dd", {}, value), h("dt", {}, label));
}

/** A caught card, small: its colour (with pattern) and value or effect sign. */
function chip(card) {
  const text = card.colour === "buoy" ? BUOY_SIGN[card.effect] || "•" : card.value;
  return h(
    "span",
    {
      class: `fb-chip ${card.colour === "buoy" ? "is-buoy" : `colour-${card.colour}`}${card.effect === "minus-three" ? " is-minus" : ""}`,
      "data-card": card.id,
      role: "img",
      "aria-label": card.label,
      title: card.label,
    },
    s("svg", { viewBox: "0 0 20 26", "aria-hidden": "true" },
      s("rect", { x: 0.5, y: 0.5, width: 19, height: 25, rx: 3, fill: card.colour === "buoy" ? (card.effect === "minus-three" ? MINUS.fill : BUOY.fill) : `url(#pat-${card.colour})`, stroke: "#0b2a3a66" }),
      s("rect", { x: 3, y: 7, width: 14, height: 12, rx: 3, fill: "#ffffffdd" }),
      s("text", { x: 10, y: 16.5, "text-anchor": "middle", "font-size": String(text).length > 2 ? 6 : 9, "font-weight": 800, fill: card.colour === "buoy" ? (card.effect === "minus-three" ? MINUS.ink : BUOY.ink) : COLOURS[card.colour].ink }, text),
    ),
  );
}

// ----- the table: effects in force, the trick, a call -----

function tableArea(board, action, act, fresh, ui) {
  return h(
    "section",
    { class: "fb-table", "aria-label": "The table" },
    effectsRow(board),
    trickRow(board, action, act, fresh, ui),
    callPicker(board, action, act, ui),
    trickNote(board),
    lastTrick(board),
  );
}

/** The round's last finished trick, small: each card with who played it, the winner marked. */
function lastTrick(board) {
  const last = board.last_trick;
  if (!last || board.over) return null;
  const winning = last.plays.find((play) => play.card.id === last.winning_card);
  const how = winning ? `with ${winning.card.short}` : "thanks to the call";
  const caught = `${last.name} caught it ${how}`;
  return h(
    "div",
    { class: "fb-last", role: "group", "aria-label": `Last trick: ${last.plays.map((p) => `${p.name} ${p.card.short}`).join(", ")}; ${caught}` },
    h("span", { class: "fb-last-title" }, "Last trick"),
    h("ol", { class: "fb-last-cards", "aria-hidden": "true" },
      last.plays.map((play) =>
        h("li", { class: play.card.id === last.winning_card ? "is-winning" : "",
          title: `${play.name}: ${play.card.short}${play.caught_by !== last.winner ? `, caught by ${who(board, play.caught_by)}` : ""}` },
          chip(play.card), h("span", {}, play.name === "You" ? "You" : `P${play.seat + 1}`)))),
    h("span", { class: "fb-last-who" }, caught),
  );
}

function effectsRow(board) {
  const e = board.effects;
  const flags = [];
  if (e.first != null) {
    const first = who(board, e.first);
    flags.push(h("span", { class: "fb-flag is-first" }, `1st: ${first} ${first === "You" ? "play" : "plays"} the first card`));
  }
  if (!e.call && e.caller != null) {
    const caller = who(board, e.caller);
    flags.push(h("span", { class: "fb-flag is-first" }, `? ${caller} ${caller === "You" ? "call" : "calls"} the colour`));
  }
  if (e.call) {
    flags.push(h("span", { class: "fb-flag is-call" }, swatch(e.call), `Called colour: ${e.call}${e.call === "green" ? " (trumps)" : ""} · by ${who(board, e.caller)}`));
  } else if (board.led) {
    flags.push(h("span", { class: "fb-flag is-led" }, swatch(board.led), board.led === "green" ? "Follow: trumps (green)" : `Follow: ${board.led}`));
  }
  if (e.lowest) flags.push(h("span", { class: "fb-flag is-lowest" }, "↓ Lowest value wins this trick"));
  if (e.minus_three) flags.push(h("span", { class: "fb-flag is-minus" }, "−3 card in this trick"));
  if (e.next.length) flags.push(h("span", { class: "fb-flag is-next" }, `Next trick: ${e.next.join(", ")}`));
  if (!flags.length && !board.over) flags.push(h("span", { class: "fb-flag is-none" }, "No buoy effects in force"));
  return h("div", { class: "fb-effects", role: "group", "aria-label": "Effects in force" }, flags);
}

function swatch(colour) {
  return s("svg", { viewBox: "0 0 16 16", class: "fb-flag-swatch", "aria-hidden": "true" },
    s("rect", { x: 1, y: 1, width: 14, height: 14, rx: 4, fill: `url(#pat-${colour})`, stroke: COLOURS[colour].ink, "stroke-width": 1.2 }));
}

function trickRow(board, action, act, fresh, ui) {
  // The card that set the colour to follow: the first colour card (a buoy lead leaves it open),
  // none when a call set it.
  const setter = board.effects.call ? -1 : board.trick.findIndex((play) => play.card.colour !== "buoy");
  const slots = board.trick.map((play, index) => {
    const code = action(play.action);
    const marks = [];
    if (index === setter) marks.push(h("span", { class: "fb-tag" }, "led"));
    if (play.winning) marks.push(h("span", { class: "fb-tag is-winning" }, board.winner === null ? "winning" : "wins"));
    if (play.resolving) marks.push(h("span", { class: "fb-tag is-resolving" }, "choosing"));
    if (play.caught) marks.push(h("span", { class: "fb-tag is-caught" }, "caught"));
    const extra = [`played by ${play.name}`, play.winning && "winning the trick", play.caught && "already caught"].filter(Boolean).join(", ");
    const card = cardElement(play.card, { code, onPress: code !== null ? act(code) : null, verb: code !== null ? "Catch" : "", extra });
    const badge = markSuggested(card, suggestion(ui, play.action));
    return h(
      "li",
      {
        class: ["fb-slot", play.winning && "is-winning", play.caught && "is-caught", code !== null && "is-catchable", fresh.has(play.card.id) && "fb-enter", badge && "has-suggest"].filter(Boolean).join(" "),
      },
      card,
      badge,
      h("span", { class: "fb-slot-name" }, play.name),
      marks.length ? h("span", { class: "fb-slot-marks" }, marks) : null,
    );
  });
  const waiting = board.waiting.map((seat, index) =>
    h(
      "li",
      { class: `fb-slot is-empty${index === 0 && board.turn === seat ? " is-next" : ""}`, "aria-label": `${who(board, seat)}: not played yet` },
      h("div", { class: "fb-card fb-card--empty", "aria-hidden": "true" }, index === 0 && board.turn === seat ? "to play" : ""),
      h("span", { class: "fb-slot-name" }, who(board, seat)),
    ),
  );
  return h("ol", { class: "fb-trick", "aria-label": "The trick, in play order" }, slots, waiting);
}

function callPicker(board, action, act, ui) {
  if (board.phase !== "call") return null;
  const choices = board.calls.filter((call) => action(call.action) !== null);
  const reviewed = board.calls.some((call) => suggestion(ui, call.action));
  if (reviewed) return reviewedCalls(board, ui);
  if (!choices.length) {
    return h("p", { class: "fb-callwait" }, `${who(board, board.effects.caller)} is calling the colour for this trick…`);
  }
  return h(
    "div",
    { class: "fb-calls", role: "group", "aria-label": "Call the colour of this trick" },
    h("span", { class: "fb-calls-title" }, "Call the colour everyone must follow:"),
    choices.map((call) =>
      h(
        "button",
        {
          type: "button",
          class: `fb-call colour-${call.colour}`,
          "data-action": call.action,
          "aria-label": `Call ${call.colour}${call.colour === "green" ? " (trumps)" : ""}`,
          onClick: act(call.action),
        },
        s("svg", { viewBox: "0 0 24 24", class: "fb-swatch", "aria-hidden": "true" },
          s("rect", { x: 1, y: 1, width: 22, height: 22, rx: 5, fill: `url(#pat-${call.colour})`, stroke: COLOURS[call.colour].ink, "stroke-width": 1.5 })),
        capital(call.colour) + (call.colour === "green" ? " (trumps)" : ""),
      ),
    ),
  );
}

/** A replay's call, as a review marks it: the colours the seat could call, none pressable. */
function reviewedCalls(board, ui) {
  return h(
    "div",
    { class: "fb-calls", role: "group", "aria-label": "The colours that could be called" },
    h("span", { class: "fb-calls-title" }, "The colours that could be called:"),
    board.calls.filter((call) => call.action !== null && call.action !== undefined).map((call) => {
      const words = `${capital(call.colour)}${call.colour === "green" ? " (trumps)" : ""}`;
      const chip = h("span", { class: `fb-call is-static colour-${call.colour}`, role: "img", "aria-label": words },
        s("svg", { viewBox: "0 0 24 24", class: "fb-swatch", "aria-hidden": "true" },
          s("rect", { x: 1, y: 1, width: 22, height: 22, rx: 5, fill: `url(#pat-${call.colour})`, stroke: COLOURS[call.colour].ink, "stroke-width": 1.5 })),
        words);
      const badge = markSuggested(chip, suggestion(ui, call.action));
      return h("span", { class: `fb-call-slot${badge ? " has-suggest" : ""}` }, chip, badge);
    }),
  );
}

function capital(word) {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function trickNote(board) {
  if (board.over) return finalStandings(board);
  if (board.phase === "catch" || board.winner !== null) {
    const catcher = board.winner !== null ? who(board, board.winner) : null;
    const byCall = board.winner !== null && !board.trick.some((play) => play.winning);
    const words = catcher ? `${catcher} ${catcher === "You" ? "catch" : "catches"} what is left of this trick${byCall ? " thanks to the call" : ""}.` : "";
    let chooser = "";
    if (board.deciding === "catch") chooser = " First your 0 catches 1 other card: tap it.";
    else if (board.chooser !== null) chooser = ` First ${who(board, board.chooser)}'s 0 catches 1 other card.`;
    return h("p", { class: "fb-note" }, words + chooser);
  }
  if (!board.trick.length && board.phase === "play" && board.leader !== null) {
    return h("p", { class: "fb-note" }, `${who(board, board.leader)} ${who(board, board.leader) === "You" ? "lead" : "leads"} the trick.`);
  }
  return null;
}

function finalStandings(board) {
  const ranked = [...board.seats].sort((a, b) => b.score - a.score);
  const names = board.winners.map((seat) => who(board, seat));
  const headline = names.length > 1 ? `${names.join(" and ")} share the victory` : `${names[0]} ${names[0] === "You" ? "win" : "wins"}!`;
  return h(
    "div",
    { class: "fb-final" },
    h("p", { class: "fb-final-head" }, headline),
    h("ol", { class: "fb-ranking" }, ranked.map((seat) =>
      h("li", { class: board.winners.includes(seat.seat) ? "is-winner" : "" }, h("span", {}, seat.name), h("b", {}, `${seat.score} pts`)))),
  );
}

function newTrickCards(root, board, ui) {
  const ids = board.trick.map((play) => play.card.id);
  const before = ANIMATED.get(root);
  ANIMATED.set(root, ids);
  if (ui.reducedMotion || !before) return new Set();
  return new Set(ids.filter((id) => !before.includes(id)));
}

// ----- the ocean stack -----

function oceanPanel(board) {
  const ocean = board.ocean;
  const most = Math.max(1, ...ocean.tiers.map((tier) => tier.count));
  return h(
    "section",
    { class: "fb-ocean", "aria-label": `Ocean stack: ${ocean.size} cards` },
    h("h3", {}, "Ocean stack ", h("b", {}, ocean.size)),
    ocean.tiers.length
      ? h(
          "ol",
          { class: "fb-tiers" },
          ocean.tiers.map((tier, index) =>
            h(
              "li",
              {
                class: "fb-tier",
                "aria-label": `${tier.stars === null ? "mixed" : `${tier.stars}-star`} cards: ${tier.count}${index === 0 ? " (on top)" : ""}`,
              },
              h("span", { class: "fb-tier-stars" }, tier.stars === null ? "mixed" : "★".repeat(tier.stars)),
              h("span", { class: "fb-tier-bar" }, h("span", { style: { width: `${Math.round((100 * tier.count) / most)}%` } })),
              h("span", { class: "fb-tier-count" }, tier.count),
            ),
          ),
        )
      : h("p", { class: "fb-empty" }, "empty"),
    h("p", { class: "fb-ocean-note" }, "Top first: fresh cards come from the top tier."),
  );
}

// ----- your hand, the pass to the left, your stockroom -----

function handArea(board, action, act, live, ui) {
  if (board.seat === null) {
    const passing = board.pass ? " Everyone is passing 1 card to the left." : "";
    return h("section", { class: "fb-hand-area" }, h("p", { class: "fb-note" }, `You are watching: hands stay hidden.${passing}`));
  }
  const passing = board.pass;
  const verb = passing ? "Pass" : "Play";
  const choosing = live && (board.deciding === "play" || board.deciding === "pass"); // illegal cards dim
  const toName = passing && passing.to !== null ? who(board, passing.to) : "";
  const cards = board.hand.map((card) => {
    const code = action(card.action);
    const extra = passing && code !== null ? `to ${toName}, on your left` : card.passing ? "chosen to pass" : "";
    const element = cardElement(card, { code, onPress: code !== null ? act(code) : null, verb: code !== null ? verb : "", extra, dim: choosing && code === null && !card.passing });
    const badge = markSuggested(element, suggestion(ui, card.action));
    return h("li", { class: `fb-hand-slot${card.passing ? " is-passing" : ""}${badge ? " has-suggest" : ""}` }, element, badge, card.passing ? h("span", { class: "fb-tag is-passing" }, `→ ${toName}`) : null);
  });
  const deciding = live ? board.deciding : null;
  const heading = deciding === "play" ? "Your hand: play one of the lit cards" : deciding === "pass" ? "Your hand: choose a card to pass" : "Your hand";
  return h(
    "section",
    { class: "fb-hand-area", "aria-label": "Your hand" },
    passing ? passBanner(board, passing, toName) : null,
    h("h3", { class: "fb-hand-title" }, heading, h("small", {}, ` · ${count(board.hand.length, "card")}`)),
    board.hand.length ? h("ol", { class: "fb-hand" }, cards) : h("p", { class: "fb-empty" }, "No cards in hand."),
    extras(board),
  );
}

function passBanner(board, passing, toName) {
  const waiting = board.to_act.filter((seat) => seat !== board.seat).map((seat) => who(board, seat));
  const words = passing.mine
    ? `You pass ${passing.mine.short} to ${toName}. ${waiting.length ? `Waiting for ${waiting.join(", ")}.` : ""}`
    : `Pass 1 card to the left, to ${toName}: everyone chooses at once, in secret.`;
  return h("div", { class: "fb-pass", role: "note" }, h("span", { class: "fb-pass-arrow", "aria-hidden": "true" }, "⟵"), words);
}

function extras(board) {
  const notes = [];
  if (board.last_pass) {
    notes.push(h("p", { class: "fb-note" }, `This round you passed ${board.last_pass.card.short} to ${who(board, board.last_pass.to)}.`));
  }
  if (board.stockroom.length) {
    notes.push(
      h(
        "details",
        { class: "fb-stockroom" },
        h("summary", {}, `Your stockroom: ${count(board.stockroom.length, "card")} (order unknown)`),
        h("div", { class: "fb-stock-cards" }, board.stockroom.map((card) => chip(card))),
      ),
    );
  }
  return notes;
}

/** Words for one of the legal actions in the shell's list: "play blue 4" where the menu says
 * "play B4" (the verb of the action's text, the card's name from the board model). */
export function actionLabel(action, payload) {
  const model = withCards(payload.board, payload.cards || []);
  const named = [
    ...(model.hand || []).map((card) => [card.action, card.label]),
    ...(model.trick || []).map((play) => [play.action, play.card && play.card.label]),
    ...(model.calls || []).map((call) => [call.action, call.colour]),
  ];
  const found = named.find(([code, words]) => code === action.code && words);
  return found ? `${action.text.split(" ")[0]} ${found[1]}` : null;
}
