import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { withSharedDefinitions } from '../../../src/http/mcp/shared-definitions.ts';
import { toolList } from '../../../src/http/mcp/tools.ts';
import { PUBLISHED_ROUTES } from '../../../src/http/routes/published-routes.ts';
import { getSeries } from '../../../src/http/routes/series.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The schema with every `$ref` replaced by its definition, and `$defs` gone: what it was before it was shared. */
function inlined(schema: Record<string, unknown>): Json {
  const defs = (schema.$defs ?? {}) as Record<string, Json>;
  const walk = (node: Json): Json => {
    if (node === null || typeof node !== 'object') return node;
    if (Array.isArray(node)) return node.map(walk);
    if (typeof node.$ref === 'string') return walk(defs[node.$ref.slice('#/$defs/'.length)]!);
    return Object.fromEntries(
      Object.entries(node)
        .filter(([key]) => key !== '$defs')
        .map(([key, value]) => [key, walk(value)]),
    );
  };
  return walk(schema as Json);
}

/** A long object schema (over the length a part must have to be shared). */
const point = (note: string) => ({
  type: 'object',
  properties: {
    date: { type: 'string', description: `The day the value describes (${note}), as YYYY-MM-DD, in UTC.` },
    value: { type: 'number', description: 'The value on that day, in the unit of the series, rounded as published.' },
  },
  required: ['date', 'value'],
  additionalProperties: false,
});

describe('MCP output schemas: a repeated part written once', () => {
  it('puts a part that stands twice under $defs, named for its first property, and refers to it', () => {
    const schema = { type: 'object', properties: { first: point('a'), last: point('a'), other: point('b') } };
    const shared = withSharedDefinitions(schema);
    assert.deepEqual(shared.properties, {
      first: { $ref: '#/$defs/first' },
      last: { $ref: '#/$defs/first' },
      other: point('b'),
    });
    assert.deepEqual(shared.$defs, { first: point('a') });
    assert.deepEqual(inlined(shared), schema);
  });

  it('leaves inline a part that repeats only inside a shared part', () => {
    const pair = { type: 'object', properties: { from: point('a'), to: point('b') }, additionalProperties: false };
    const schema = { type: 'object', properties: { spx: pair, btc: pair } };
    const shared = withSharedDefinitions(schema);
    assert.deepEqual(Object.keys(shared.$defs as object), ['spx'], 'the points are in it once: not their own');
    assert.deepEqual(inlined(shared), schema);
  });

  it('accepts and refuses the same instances as before', () => {
    const schema = { type: 'object', properties: { first: point('a'), last: point('a') }, required: ['first'] };
    const ajv = new Ajv2020({ strict: false });
    const before = ajv.compile(schema);
    const after = ajv.compile(withSharedDefinitions(schema));
    const cases = [
      { first: { date: '2026-07-03', value: 1 } },
      { first: { date: '2026-07-03', value: 1 }, last: { date: '2026-07-03' } },
      { first: { date: '2026-07-03', value: 1, extra: true } },
      { last: { date: '2026-07-03', value: 1 } },
    ];
    assert.deepEqual(
      cases.map((c) => after(c)),
      cases.map((c) => before(c)),
    );
    assert.deepEqual(
      cases.map((c) => before(c)),
      [true, false, false, false],
    );
  });

  it("every tool's output schema is its route's response schema, shared without loss, and the list is smaller", () => {
    const responses = new Map<string, unknown>();
    for (const route of [...Object.values(PUBLISHED_ROUTES), getSeries]) {
      const response = route.spec?.response as { $id?: string } | undefined;
      if (response?.$id) responses.set(response.$id, JSON.parse(JSON.stringify(response)));
    }
    let sharedChars = 0;
    let inlineChars = 0;
    for (const tool of toolList()) {
      const id = (tool.outputSchema as { $id?: string }).$id;
      if (id === undefined) continue; // list_series: its own small schema
      assert.deepEqual(inlined(tool.outputSchema), responses.get(id), tool.name);
      sharedChars += JSON.stringify(tool.outputSchema).length;
      inlineChars += JSON.stringify(responses.get(id)).length;
    }
    const correlation = toolList().find((t) => t.name === 'get_correlation')!.outputSchema;
    assert.ok(JSON.stringify(correlation).length < 20_000, 'the correlation schema repeats one part per asset');
    assert.ok(sharedChars < 0.7 * inlineChars, `${sharedChars} of ${inlineChars} characters`);
  });
});
