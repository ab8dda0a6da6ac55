// #/cards/GAME: a game's card set in the browser, for designers. The bundled set (GET
// /cards/GAME) as tables, one row a card and every field an input typed by the card file's
// JSON Schema; the set's other values (its title, a game's rule values) in a form above. Every
// change is checked by the server as --cards checks a file (POST /cards/GAME/check), and each
// refusal is shown in one line at its cell. "Download JSON", "Open a file" and "Reset to the
// bundled set"; the quick check and the full report are card_checks.js's.
import { h, replace } from "/static/kit.js";
import { api } from "/static/net.js";
import { layout, pathText, readInput, setValueAt, valueAt } from "/static/card_schema.js";
import { checkPanel } from "/static/card_checks.js";

const CHECK_AFTER_MS = 250; // typing pauses this long before the set is checked
const DOWNLOAD_NAME = "edited-cards.json"; // the name a full report's command uses

export async function showCardEditor(app, game) {
  const [bundled, games] = await Promise.all([api(`/cards/${encodeURIComponent(game)}`), api("/games")]);
  const { lists, values } = layout(bundled.schema);
  let cards = structuredClone(bundled.cards);
  let valid = false;
  let asked = 0; // checks asked, numbered: an older answer never overwrites a newer one
  let timer = null;
  const cells = new Map(); // a cell's path (JSON) -> {input, td}
  const status = h("p", { class: "status editor-status", role: "status", id: "editor-status" });
  const whole = h("ul", { class: "editor-problems", id: "editor-problems", "aria-label": "Problems of the whole set" });
  const formBox = h("div", { class: "editor-values" });
  const tablesBox = h("div", { class: "editor-tables" });
  const fileLine = h("p", { class: "editor-file", role: "alert" });
  const checks = checkPanel(game, bundled, () => cards, () => valid);

  function draw() {
    cells.clear();
    replace(formBox, values.length ? valueForm() : null);
    replace(tablesBox, lists.map(cardTable));
    scheduleCheck(0);
  }

  function valueForm() {
    return h("fieldset", { class: "panel" }, h("legend", {}, "The set's values"),
      h("div", { class: "editor-form" }, values.map((column) => {
        const id = `value-${column.path.join("-")}`;
        return h("div", { class: "editor-field" },
          h("label", { for: id }, column.label),
          h("div", { class: "cell" }, input(column, column.path, id, column.label)));
      })));
  }

  function cardTable(list) {
    const rows = valueAt(cards, list.path);
    const shown = Array.isArray(rows) ? rows : [];
    const label = `${list.label}: ${shown.length} cards`;
    const caption = h("caption", {}, label);
    const table = h("table", { class: "card-table" },
      caption,
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "#"), list.columns.map((c) => h("th", { scope: "col", title: c.description || null }, c.label)), h("th", { scope: "col" }, h("span", { class: "sr-only" }, "Remove")))),
      h("tbody", {}, shown.map((row, index) => cardRow(list, index, row))));
    const listCell = { td: caption, input: null };
    cells.set(JSON.stringify(list.path), listCell);
    return h("section", { class: "panel editor-list", "aria-label": list.label },
      h("div", { class: "table-scroll", tabindex: "0", role: "region", "aria-label": `${list.label} (scrolls sideways)` }, table),
      h("button", { type: "button", class: "btn small", onClick: () => addCard(list) }, `Add a card to ${list.label}`));
  }

  function cardRow(list, index, row) {
    const name = row && typeof row === "object" ? row.name : undefined;
    const who = typeof name === "string" && name ? name : `${list.label} card ${index + 1}`;
    return h("tr", {},
      h("th", { scope: "row", class: "row-number" }, String(index + 1)),
      list.columns.map((column) => {
        const path = [...list.path, index, ...column.path];
        const id = `cell-${path.join("-")}`;
        return h("td", {}, h("div", { class: "cell" }, input(column, path, id, `${who}: ${column.label}`)));
      }),
      h("td", {}, h("button", { type: "button", class: "btn small", "aria-label": `Remove ${who}`, onClick: () => removeCard(list, index) }, "✕")));
  }

  function input(column, path, id, label) {
    const value = valueAt(cards, path);
    const attrs = { id, "aria-label": label, dataset: { path: JSON.stringify(path) } };
    const changed = (next) => {
      setValueAt(cards, path, next, column.parentNullable);
      scheduleCheck(CHECK_AFTER_MS);
    };
    let node;
    if (column.kind === "boolean") {
      node = h("input", { ...attrs, type: "checkbox", checked: value === true, onChange: () => changed(node.checked) });
    } else if (column.kind === "enum") {
      const choices = [...column.choices];
      if (value !== undefined && value !== null && !choices.includes(value)) choices.push(value); // a file's odd value: shown, and refused
      node = h("select", { ...attrs, onChange: () => changed(node.value === "" ? (column.nullable ? null : undefined) : node.value) },
        column.nullable || column.parentNullable || value === undefined ? h("option", { value: "" }, "—") : null,
        choices.map((choice) => h("option", { value: String(choice), selected: choice === value }, String(choice))));
    } else {
      const numeric = column.kind === "integer" || column.kind === "number";
      node = h("input", {
        ...attrs,
        type: "text",
        inputmode: numeric ? (column.kind === "integer" ? "numeric" : "decimal") : null,
        class: numeric ? "number" : null,
        size: numeric ? 4 : 12,
        autocomplete: "off",
        spellcheck: "false",
        value: value === undefined || value === null ? "" : typeof value === "object" ? JSON.stringify(value) : String(value),
        onInput: () => changed(readInput(column, node.value)),
      });
    }
    cells.set(JSON.stringify(path), { input: node, td: null });
    return node;
  }

  function addCard(list) {
    const rows = valueAt(cards, list.path);
    if (!Array.isArray(rows)) setValueAt(cards, list.path, []);
    const all = valueAt(cards, list.path);
    all.push(all.length ? structuredClone(all[all.length - 1]) : {});
    draw();
    const last = tablesBox.querySelector(`[data-path='${JSON.stringify([...list.path, all.length - 1, ...list.columns[0].path])}']`);
    if (last) last.focus();
  }

  function removeCard(list, index) {
    const rows = valueAt(cards, list.path);
    rows.splice(index, 1);
    draw();
    // The focus stays in the list: on the card that took the removed one's place (the one
    // before it, if it was the last), else on the list's "Add a card" button.
    const next = Math.min(index, rows.length - 1);
    const section = [...tablesBox.querySelectorAll(".editor-list")][lists.indexOf(list)];
    const target = next >= 0 ? section.querySelectorAll("tbody tr")[next].querySelector("button") : section.querySelector(":scope > .btn");
    target.focus();
  }

  function scheduleCheck(wait) {
    valid = false;
    checks.update();
    clearTimeout(timer);
    timer = setTimeout(check, wait);
  }

  async function check() {
    const mine = ++asked;
    status.textContent = "Checking the card set…";
    let answer;
    try {
      answer = await api(`/cards/${encodeURIComponent(game)}/check`, { method: "POST", body: JSON.stringify({ cards }) });
    } catch (error) {
      if (mine === asked) status.textContent = error.message;
      return;
    }
    if (mine !== asked) return;
    showProblems(answer.problems);
    valid = answer.ok;
    checks.update();
  }

  function showProblems(problems) {
    for (const cell of tablesBox.querySelectorAll(".cell-error, .row-error")) cell.remove();
    for (const cell of formBox.querySelectorAll(".cell-error")) cell.remove();
    for (const node of app.querySelectorAll("[aria-invalid]")) {
      node.removeAttribute("aria-invalid");
      node.removeAttribute("aria-describedby");
    }
    replace(whole);
    problems.forEach((problem, n) => {
      const target = cellFor(problem.path);
      const id = `problem-${n}`;
      if (!target) {
        const where = pathText(problem.path);
        whole.append(h("li", { id }, where ? `${where}: ${problem.message}` : problem.message));
        return;
      }
      const line = h("p", { class: "cell-error", id }, problem.message);
      if (target.input) {
        target.input.parentNode.append(line);
        target.input.setAttribute("aria-invalid", "true");
        const before = target.input.getAttribute("aria-describedby");
        target.input.setAttribute("aria-describedby", before ? `${before} ${id}` : id);
      } else {
        target.td.append(h("span", { class: "row-error" }, " ", line));
      }
    });
    status.textContent = problems.length
      ? `${problems.length === 1 ? "1 problem" : `${problems.length} problems`}: each is shown at its cell, or listed here when it is about the whole set.`
      : "The card set is valid: --cards would take it.";
  }

  // A problem's cell: its own, else the first cell under its place (a card's row: its first
  // cell; an ability: its first column), else none (the whole set: listed above the tables).
  function cellFor(path) {
    for (let end = path.length; end > 0; end--) {
      const prefix = JSON.stringify(path.slice(0, end));
      if (cells.has(prefix)) return cells.get(prefix);
      const under = prefix.slice(0, -1) + ",";
      for (const [key, cell] of cells) if (key.startsWith(under)) return cell;
    }
    return null;
  }

  function download() {
    const blob = new Blob([JSON.stringify(cards, null, 2) + "\n"], { type: "application/json" });
    const link = h("a", { href: URL.createObjectURL(blob), download: DOWNLOAD_NAME });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  }

  async function open(file) {
    if (!file) return;
    let text;
    try {
      text = await file.text();
      cards = JSON.parse(text);
    } catch (error) {
      fileLine.textContent = `${file.name} is not JSON: ${String(error.message).split("\n")[0]}`;
      return;
    }
    fileLine.textContent = `Opened ${file.name}.`;
    draw();
  }

  const picker = h("input", { type: "file", accept: ".json,application/json", id: "open-card-file", hidden: true, onChange: () => open(picker.files[0]).finally(() => { picker.value = ""; }) });
  const page = h("main", { class: "card-editor" },
    h("nav", { class: "row panel", "aria-label": "Games" },
      games.map((g) => h("a", { class: "btn", href: `#/cards/${g.name}`, "aria-current": g.name === game ? "page" : null }, g.title))),
    h("section", { class: "panel" },
      h("h1", {}, `Card set: ${bundled.title}`),
      h("p", {}, "Every field can be edited; each change is checked as ", h("code", {}, "angler analyse --cards"), " checks a file, and a refusal is shown at its cell. Then compare the edited set (B) with the bundled one (A) on the same seeds."),
      h("div", { class: "row editor-files" },
        h("button", { type: "button", class: "btn", id: "download-cards", onClick: download }, "Download JSON"),
        h("button", { type: "button", class: "btn", id: "open-cards", onClick: () => picker.click() }, "Open a file"),
        picker,
        h("button", { type: "button", class: "btn", id: "reset-cards", onClick: () => { cards = structuredClone(bundled.cards); fileLine.textContent = "Back to the bundled set."; draw(); } }, "Reset to the bundled set")),
      fileLine, status, whole),
    checks.node,
    formBox,
    tablesBox);
  replace(app, page);
  document.title = `angler: ${bundled.title} card set`;
  draw();
  return () => {
    clearTimeout(timer);
    checks.leave();
  };
}
