// A card file's JSON Schema (the one docs/schemas/ publishes, from the game's card-file model),
// read as the editor lays it out: the lists of cards (each a table, one row a card, nested
// objects flattened to columns such as "ability.effect"), and the values beside them (the
// set's title, a game's rule values) as a small form. Also reading and writing a value at its
// path in the card set, the way the server's refusals name places: ["cards", 3, "value"].

/** The schema a node stands for, its $ref followed, and whether null is allowed there. */
export function resolve(schema, node) {
  let nullable = false;
  let inner = node || {};
  if (Array.isArray(inner.anyOf)) {
    const others = inner.anyOf.filter((option) => option.type !== "null");
    nullable = others.length < inner.anyOf.length;
    inner = others.length === 1 ? others[0] : { anyOf: others };
  }
  if (inner.$ref) {
    const name = inner.$ref.split("/").pop();
    inner = { ...(schema.$defs || {})[name], ...(node.description ? { description: node.description } : {}) };
  }
  return { node: inner, nullable, fallback: node && "default" in node ? node.default : undefined, hasDefault: Boolean(node && "default" in node) };
}

/** What an input for a value is: "enum", "integer", "number", "boolean", "string", "object",
 * "list" or "other". */
export function kindOf(node) {
  if (Array.isArray(node.enum)) return "enum";
  if (node.type === "integer") return "integer";
  if (node.type === "number") return "number";
  if (node.type === "boolean") return "boolean";
  if (node.type === "string") return "string";
  if (node.type === "object" || node.properties) return "object";
  if (node.type === "array") return "list";
  return "other";
}

/** A field the editor shows: its path (from the card's row, or from the file's top for the
 * form), its label, what input it takes, and how an empty input is read. */
function field(path, label, resolved, parentNullable = false) {
  const { node, nullable, fallback, hasDefault } = resolved;
  return {
    path,
    label,
    kind: kindOf(node),
    choices: node.enum || [],
    low: node.minimum,
    high: node.maximum,
    nullable,
    hasDefault,
    fallback,
    parentNullable, // a field of an object that may be null as a whole (a fish's ability)
    description: node.description || "",
  };
}

/** The fields of an object schema, nested objects flattened: "ability.timing", … */
function fieldsOf(schema, node, prefix = [], parentNullable = false) {
  const out = [];
  for (const [name, child] of Object.entries(node.properties || {})) {
    const resolved = resolve(schema, child);
    if (kindOf(resolved.node) === "object") {
      out.push(...fieldsOf(schema, resolved.node, [...prefix, name], resolved.nullable));
    } else {
      out.push(field([...prefix, name], [...prefix, name].join("."), resolved, parentNullable));
    }
  }
  return out;
}

/** The layout of a card file: `lists` (each {path, label, columns}) and `values` (the form's
 * fields, each with its path from the file's top). */
export function layout(schema) {
  const lists = [];
  const values = [];
  function walk(node, prefix) {
    for (const [name, child] of Object.entries(node.properties || {})) {
      const resolved = resolve(schema, child);
      const path = [...prefix, name];
      const kind = kindOf(resolved.node);
      if (kind === "list") {
        const item = resolve(schema, resolved.node.items);
        lists.push({ path, label: path.join("."), columns: fieldsOf(schema, item.node) });
      } else if (kind === "object") {
        walk(resolved.node, path);
      } else {
        values.push(field(path, path.join("."), resolved));
      }
    }
  }
  walk(schema, []);
  return { lists, values };
}

/** The value at `path` in `data` (undefined where a step is missing). */
export function valueAt(data, path) {
  let here = data;
  for (const step of path) {
    if (here === null || typeof here !== "object") return undefined;
    here = here[step];
  }
  return here;
}

/** Set the value at `path` (undefined: the key is left out, so the file's default holds),
 * making the objects on the way; a nullable object whose every value is gone becomes null. */
export function setValueAt(data, path, value, parentNullable = false) {
  let here = data;
  for (const step of path.slice(0, -1)) {
    if (here[step] === null || typeof here[step] !== "object") here[step] = {};
    here = here[step];
  }
  const last = path[path.length - 1];
  if (value === undefined) delete here[last];
  else here[last] = value;
  if (parentNullable && path.length > 1) {
    const parent = valueAt(data, path.slice(0, -1));
    const empty = Object.values(parent).every((v) => v === null || v === undefined);
    if (empty) setValueAt(data, path.slice(0, -1), null);
  }
}

/** What an input's text stands for: a whole number or a number where one is asked for (else
 * the text itself, which the server then refuses at its cell), null or the default when empty. */
export function readInput(column, text) {
  const typed = text.trim();
  if (typed === "") {
    if (column.nullable) return null;
    if (column.hasDefault || column.parentNullable) return undefined;
    return "";
  }
  if (column.kind === "integer" && /^[-+]?\d+$/.test(typed)) return Number(typed);
  if (column.kind === "number" && typed !== "" && Number.isFinite(Number(typed))) return Number(typed);
  return column.kind === "integer" || column.kind === "number" ? typed : text;
}

/** A path as the server's one-line messages write it: fishing[3].ability.value */
export function pathText(path) {
  return path.map((step, i) => (typeof step === "number" ? `[${step}]` : i ? `.${step}` : step)).join("");
}
