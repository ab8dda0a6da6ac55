// Flip & Fish board: the panels beside (or below) the table: your catch and bait, your
// equipment, the other players' trophies and gear, and the shop.

import { h, s, COLOURS } from "/static/kit.js";
import { act, canAct, capital, reviewedPill, star, who } from "./common.js";

// How an equipment card is spent, at a glance: once (discard), face down until geared up (flip),
// always in effect (ongoing).
const GEAR_GLYPHS = { discard: "1", flip: "↻", ongoing: "∞" };

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
    isGear ? s("text", { class: "ff-gear-glyph", x: 8, y: 15.5, "text-anchor": "middle" }, GEAR_GLYPHS[card.kind] || "") : null,
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
    extra.children && [extra.children].flat().filter(Boolean).length ? h("span", { class: "ff-mini-actions" }, extra.children) : null,
  );
}

/** The action's button; in a replay, its mark if the review made one (else nothing). */
function actionButton(st, action, text, cls = "") {
  if (!canAct(st)) return reviewedPill(st, action, text, cls);
  return h(
    "button",
    { class: `ff-btn ${cls}`, type: "button", "data-action": String(action.code), "aria-label": action.label, onClick: () => act(st, action) },
    text,
  );
}

export function yourPanels(st) {
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
              st.redraw();
            },
          },
          selected ? "bait ✓" : "as bait",
        ),
      );
    }
    for (const a of card.actions) children.push(actionButton(st, a, a.text.startsWith("stocktake") ? "stocktake" : "discard", "ff-small"));
    return miniCard(card, { selected, children });
  });
  // In a replay, the bait sets the review marks (none pressable).
  const fishing = acting ? [] : model.fish_options.map((o) => reviewedPill(st, o, capital(o.label), "ff-fish"));
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
      children: card.actions.map((a) => actionButton(st, a, a.text.startsWith("use") ? "use" : "discard", "ff-small")),
    }),
  );
  const gearUps = model.gear_up.map((g) => actionButton(st, g, capital(g.label))).filter(Boolean);
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

export function playersPanel(st) {
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

export function shopPanel(st) {
  const model = st.payload.board;
  const shop = model.shop;
  let body;
  if (!shop.open) {
    body = h("p", { class: "ff-empty" }, shop.pending ? "A trophy was caught: the shop opens next turn." : "The shop opens after the first trophy is caught.");
  } else {
    body = h(
      "div",
      { class: "ff-minis" },
      shop.row.map((card) => miniCard(card, { children: card.action ? actionButton(st, card.action, "buy", "ff-small ff-primary") : null })),
    );
  }
  const dip = shop.dip ? actionButton(st, shop.dip, "Lucky dip (top card)") : null;
  return h(
    "section",
    { class: "ff-panel ff-panel-shop", "aria-label": "The shop" },
    h("h3", {}, "Shop ", h("span", { class: "ff-count" }, `${shop.deck} in deck · ${shop.discard} discarded · fishing deck ${model.deck}`)),
    body,
    dip ? h("div", { class: "ff-row" }, dip) : null,
  );
}
