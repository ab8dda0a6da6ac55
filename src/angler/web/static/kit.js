// The small kit every board and page builds with: elements, SVG, the card colours with their
// colour-blind patterns, and seat names. No framework: a board redraws from each payload.

export const SVG_NS = "http://www.w3.org/2000/svg";

function fill(node, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      node.addEventListener(key.slice(2).toLowerCase(), value);
    } else if (key === "text") {
      node.textContent = String(value);
    } else if (key === "dataset") {
      Object.assign(node.dataset, value);
    } else if (key === "style") {
      setStyle(node, value);
    } else {
      node.setAttribute(key, value === true ? "" : String(value));
    }
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Inline styles, set through the CSSOM: the page's Content-Security-Policy (style-src 'self',
 * server/security_headers.py) refuses a style attribute written as text, in HTML and SVG alike.
 * `styles` is an object of CSS properties, by their CSS names ("max-width", "--my-var") or in
 * camelCase ("maxWidth"). */
function setStyle(node, styles) {
  if (typeof styles !== "object") throw new TypeError(`style takes an object of CSS properties, not ${JSON.stringify(styles)}`);
  for (const [name, value] of Object.entries(styles)) {
    if (value === null || value === undefined || value === false) continue;
    const property = name.startsWith("--") ? name : name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    node.style.setProperty(property, String(value));
  }
}

/** An HTML element: h("button", {class: "x", onClick: f, "aria-label": "..."}, child, ...);
 * `style` takes an object ({"max-width": "20rem"}), never a string (setStyle). */
export function h(tag, attrs = {}, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/** An SVG element, with the same signature as h. */
export function s(tag, attrs = {}, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** The five card colours: a fill, a darker ink, and a pattern so that colour is never the only
 * sign (dots, stripes, waves...). Use fill="url(#pat-NAME)" in SVG, or the CSS class
 * "colour-NAME" (style.css) on HTML. */
export const COLOURS = {
  blue: { fill: "#4c8dff", ink: "#173f8a", pattern: "dots", letter: "B" },
  purple: { fill: "#b36bff", ink: "#4f1f87", pattern: "stripes", letter: "P" },
  red: { fill: "#ff5a5a", ink: "#8a1616", pattern: "cross", letter: "R" },
  yellow: { fill: "#ffd21f", ink: "#7a5f00", pattern: "rings", letter: "Y" },
  green: { fill: "#2ecc71", ink: "#0f5e31", pattern: "waves", letter: "G" },
  grey: { fill: "#b8c2cc", ink: "#39434d", pattern: "plain", letter: "" },
};

/** The SVG <defs> holding one pattern per colour (ids pat-blue, pat-purple...). The page puts
 * them in the document once (app.js), so every board's SVG can refer to them. */
export function patternDefs() {
  const motif = {
    dots: (ink) => [s("circle", { cx: 4, cy: 4, r: 1.6, fill: ink, opacity: 0.45 })],
    stripes: (ink) => [s("path", { d: "M-2,10 L10,-2 M6,14 L14,6", stroke: ink, "stroke-width": 1.6, opacity: 0.4 })],
    cross: (ink) => [s("path", { d: "M2,2 L6,6 M6,2 L2,6", stroke: ink, "stroke-width": 1.2, opacity: 0.45 })],
    rings: (ink) => [s("circle", { cx: 4, cy: 4, r: 2.2, fill: "none", stroke: ink, "stroke-width": 1, opacity: 0.45 })],
    waves: (ink) => [s("path", { d: "M0,5 Q2,2 4,5 T8,5", fill: "none", stroke: ink, "stroke-width": 1.2, opacity: 0.45 })],
    plain: () => [],
  };
  return s(
    "defs",
    {},
    Object.entries(COLOURS).map(([name, c]) =>
      s(
        "pattern",
        { id: `pat-${name}`, width: 8, height: 8, patternUnits: "userSpaceOnUse" },
        s("rect", { width: 8, height: 8, fill: c.fill }),
        motif[c.pattern](c.ink),
      ),
    ),
  );
}

/** "You" for the viewer's own seat, else "Player N" (seats are 0-based, people count from 1). */
export function seatName(seat, viewer) {
  if (seat === viewer && viewer !== null && viewer !== undefined && viewer >= 0) return "You";
  return `Player ${seat + 1}`;
}

/** A review's marks on a replay's board (docs/web.md, "Reviews"). `ui.suggest` is
 * {best, played, label, bestWords, playedWords} at the position where the reviewed seat decides;
 * a board asks this of each thing it draws that takes an action code (or of a card in a move:
 * `inBest`, `inPlayed`). Null for anything else, and always outside a reviewed replay. */
export function suggestion(ui, code) {
  const suggest = ui && ui.suggest;
  if (!suggest || code === null || code === undefined) return null;
  return suggestMark(suggest, String(suggest.best) === String(code), String(suggest.played) === String(code));
}

/** The mark of a thing that is part of the better move (`inBest`), of the played one, or both:
 * its kind, a short badge and the words a screen reader says. */
export function suggestMark(suggest, inBest, inPlayed) {
  if (!suggest || (!inBest && !inPlayed)) return null;
  const same = String(suggest.best) === String(suggest.played);
  const better = suggest.label === "close" ? "about as good" : "better";
  const kind = inBest && inPlayed ? (same ? "both" : "shared") : inBest ? "best" : "played";
  const badge = { both: "played ✓ best", shared: "in both", best: suggest.label === "close" ? "as good" : "better", played: "played" }[kind];
  const words = {
    both: `played: ${suggest.playedWords}, the best move`,
    shared: `in the move played and the ${better} one`,
    best: `${better}: ${suggest.bestWords}`,
    played: `played: ${suggest.playedWords}`,
  }[kind];
  return { kind, badge, words, inBest, inPlayed, best: inBest ? suggest.best : null, played: inPlayed ? suggest.played : null };
}

/** The data a marked element carries (tests read it): its kind, and the code of each move it is
 * part of; for an SVG element, or an HTML one through markSuggested. */
export function suggestData(mark) {
  if (!mark) return {};
  const data = { "data-suggest": mark.kind };
  if (mark.inBest) data["data-best"] = String(mark.best);
  if (mark.inPlayed) data["data-played"] = String(mark.played);
  return data;
}

/** Mark an HTML element (a card, a chip) with `mark`: classes for its ring (each board's CSS),
 * the kind and code as data, and the words added to its name. Returns the badge to place. */
export function markSuggested(node, mark) {
  if (!mark) return null;
  if (mark.inBest) node.classList.add("is-suggested");
  if (mark.inPlayed) node.classList.add("is-played");
  for (const [key, value] of Object.entries(suggestData(mark))) node.setAttribute(key, value);
  const name = node.getAttribute("aria-label");
  if (name) node.setAttribute("aria-label", `${name}; ${mark.words}`);
  node.title = node.title ? `${node.title} (${mark.words})` : mark.words;
  return suggestBadge(mark);
}

/** The small text badge beside a marked thing: colour is never the only sign. */
export function suggestBadge(mark) {
  return mark ? h("span", { class: `suggest-badge suggest-${mark.kind}`, "aria-hidden": "true" }, mark.badge) : null;
}

/** Replace everything inside node with the given children. */
export function replace(node, ...children) {
  node.replaceChildren(...children.flat(Infinity).filter((c) => c !== null && c !== undefined && c !== false));
  return node;
}

/** The page for a link that leads nowhere, or a page that could not be drawn: its one line, and
 * the way back to the lobby. */
export function notHere(node, message) {
  return replace(node, h("main", { class: "panel" }, h("h1", { text: "Not here" }), h("p", { text: message }), h("a", { href: "#/", class: "btn" }, "Back to the lobby")));
}

/** Make an element act as a button for mouse, touch and keyboard (Enter, Space). */
export function pressable(node, onPress, label) {
  node.setAttribute("role", "button");
  node.setAttribute("tabindex", "0");
  if (label) nameByWords(node, label);
  node.addEventListener("click", (event) => {
    event.preventDefault();
    onPress(event);
  });
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      onPress(event);
    }
  });
  return node;
}

/** Name a card or spot that can be pressed by its words, said in place of what it draws: the face
 * (value, colour letter, banner: separate texts) is hidden from screen readers, and the words are
 * its content, a visually hidden span (HTML) or its <title> (SVG). An aria-label over the face
 * would be a name that leaves out the face's texts as they run together ("55Rred" beside "Play
 * red 5"): WCAG 2.5.3, label in name (axe's label-content-name-mismatch). */
export function nameByWords(node, words) {
  node.removeAttribute("aria-label");
  if (node instanceof SVGElement) {
    const title = [...node.children].find((child) => child.localName === "title") || node.insertBefore(s("title"), node.firstChild);
    title.textContent = words;
    return node;
  }
  for (const child of [...node.childNodes]) {
    if (child.nodeType === Node.TEXT_NODE) child.replaceWith(h("span", { "aria-hidden": "true" }, child.textContent));
    else if (!child.classList.contains("sr-only")) child.setAttribute("aria-hidden", "true");
  }
  const said = node.querySelector(":scope > .sr-only") || node.appendChild(h("span", { class: "sr-only" }));
  said.textContent = words;
  return node;
}

/** Whether the person asked for less motion (animations then jump to their end). */
export function reducedMotion() {
  return window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Lines (a log's) as sentences: each ends in one stop, so "Player 3 wins!" gains no ".". */
export function sentences(lines) {
  return lines.map((line) => (/[.!?…:]$/.test(line) ? line : `${line}.`)).join(" ");
}

/** "1 card", "3 cards": a count and its noun, singular for one. */
export function count(n, noun, plural = `${noun}s`) {
  return `${n} ${n === 1 ? noun : plural}`;
}

/** Number a log's lines: the list starts at `first` (the lines before it are not drawn), and its
 * padding, where the numbers sit, is as wide as the last number (style.css, #log). */
export function numberLog(list, first, count) {
  list.start = first;
  list.style.setProperty("--log-digits", String(String(first + count - 1).length));
}

/** A rating as people read it: "μ 27.3 ± 4.1" (`digits` after the point; 0 at the table). */
export function ratingWords(rating, digits = 1) {
  return `μ ${rating.mu.toFixed(digits)} ± ${rating.sigma.toFixed(digits)}`;
}

// The names a room gives people without an account: shown as they are, linking nowhere.
const NO_PAGE = /^(Guest \d+|Spectator|Deleted player)$/;

/** A person's name as a link to their player page (#/player/NAME), its text the name: never
 * markup. A name no account holds ("Guest 2", "Spectator") is a plain span. */
export function playerLink(name, attrs = {}) {
  if (NO_PAGE.test(name)) return h("span", attrs, name);
  return h("a", { ...attrs, href: `#/player/${encodeURIComponent(name)}` }, name);
}
