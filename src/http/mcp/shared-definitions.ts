type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** A sub-schema shorter than this stays inline: a `$ref` saves little on it and costs the reader a jump. */
const MIN_SHARED_CHARS = 300;

/**
 * A JSON Schema with every sub-schema it repeats written once, under `$defs`, and referred to by `$ref` where it
 * stood. The response schemas are composed from the same parts (a correlation's statistics for each of four assets
 * and two measures, a dated value in every field of the Fed's terms): inlined, they made `tools/list` 162 kB, about
 * 40,000 tokens an agent host may load before the first question. A definition is named after the property it
 * first stands under (`horizons`, `horizons2`, …); one used once is put back inline. The same instances pass and
 * fail. Example: { properties: { a: X, b: X } }, X a long object schema → { properties: { a: { $ref:
 * '#/$defs/a' }, b: { $ref: '#/$defs/a' } }, $defs: { a: X } }.
 */
export function withSharedDefinitions(schema: Record<string, unknown>): Record<string, unknown> {
  const root = JSON.parse(JSON.stringify(schema)) as JsonObject;
  const counts = new Map<string, number>();
  countSubSchemas(root, counts, true);
  const defs: Record<string, Json> = {};
  const names = new Map<string, string>();
  const uses = new Map<string, number>();
  const share = (node: Json, label: string, top = false): Json => {
    if (node === null || typeof node !== 'object') return node;
    if (Array.isArray(node)) return node.map((item) => share(item, label));
    const text = JSON.stringify(node);
    if (!top && text.length >= MIN_SHARED_CHARS && (counts.get(text) ?? 0) >= 2) {
      let name = names.get(text);
      if (name === undefined) {
        name = uniqueName(label, defs);
        names.set(text, name);
        defs[name] = null; // taken before its content is shared, so a part within cannot take the name
        defs[name] = shareChildren(node, label, share);
      }
      uses.set(name, (uses.get(name) ?? 0) + 1);
      return { $ref: `#/$defs/${name}` };
    }
    return shareChildren(node, label, share);
  };
  const shared = share(root, 'schema', true) as JsonObject;
  const once = new Set([...uses].filter(([, n]) => n === 1).map(([name]) => name));
  const inline = (node: Json): Json => {
    if (node === null || typeof node !== 'object') return node;
    if (Array.isArray(node)) return node.map(inline);
    const name = typeof node.$ref === 'string' ? node.$ref.slice('#/$defs/'.length) : undefined;
    if (name !== undefined && once.has(name)) return inline(defs[name]!);
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, inline(value)]));
  };
  const kept = Object.entries(defs).filter(([name]) => !once.has(name));
  const body = inline(shared) as JsonObject;
  return kept.length === 0 ? body : { ...body, $defs: Object.fromEntries(kept.map(([n, d]) => [n, inline(d)])) };
}

/** How often each object sub-schema stands below `node`, by its JSON text. */
function countSubSchemas(node: Json, counts: Map<string, number>, top = false): void {
  if (node === null || typeof node !== 'object') return;
  if (!top && !Array.isArray(node)) {
    const text = JSON.stringify(node);
    if (text.length >= MIN_SHARED_CHARS) counts.set(text, (counts.get(text) ?? 0) + 1);
  }
  for (const child of Object.values(node)) countSubSchemas(child, counts);
}

/** The node with `share` applied to each child; a child of `properties` is labelled by its property name. */
function shareChildren(node: JsonObject, label: string, share: (node: Json, label: string) => Json): JsonObject {
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    const named = key === 'properties' && value !== null && typeof value === 'object' && !Array.isArray(value);
    out[key] = named
      ? Object.fromEntries(Object.entries(value).map(([property, sub]) => [property, share(sub, property)]))
      : share(value, label);
  }
  return out;
}

function uniqueName(label: string, defs: Record<string, Json>): string {
  const base = label.replace(/[^A-Za-z0-9_]/g, '') || 'part';
  let name = base;
  for (let n = 2; name in defs; n++) name = `${base}${n}`;
  return name;
}
