/**
 * `npm run bench:mcp-schemas`: what the MCP tool list costs a client, with each tool's output schema as served (its
 * repeated parts under $defs: src/http/mcp/shared-definitions.ts) against the same schemas inlined (the route's
 * response schema, as the list served them before): the list's bytes, and the time the SDK's client spends
 * compiling every output schema with ajv after it lists the tools (its thread is held meanwhile) — the median of
 * 15 compilations of the whole list, each with a fresh ajv as a new client has, in two alternating rounds.
 */
import { Ajv } from 'ajv';
import { toolList } from '../src/http/mcp/tools.ts';
import { PUBLISHED_ROUTES } from '../src/http/routes/published-routes.ts';
import { getSeries } from '../src/http/routes/series.ts';

const RUNS = 15;

const responses = new Map<string, Record<string, unknown>>();
for (const route of [...Object.values(PUBLISHED_ROUTES), getSeries]) {
  const schema = route.spec?.response as { $id?: string } | undefined;
  if (schema?.$id) responses.set(schema.$id, JSON.parse(JSON.stringify(schema)));
}
const tools = toolList();
const inlined = tools.map((tool) => ({
  ...tool,
  outputSchema: responses.get((tool.outputSchema as { $id?: string }).$id ?? '') ?? tool.outputSchema,
}));

/** Each compilation with its own ajv (its $id registry is per instance); the schemas' $id left out, as a client may. */
function compileMs(list: typeof tools): number {
  const runs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const ajv = new Ajv({ strict: false, logger: false });
    const start = performance.now();
    for (const tool of list) {
      const { $id: _id, ...schema } = tool.outputSchema as Record<string, unknown>;
      ajv.compile(schema);
    }
    runs.push(performance.now() - start);
  }
  runs.sort((a, b) => a - b);
  return runs[Math.floor(RUNS / 2)]!;
}

const bytes = (list: typeof tools) => Buffer.byteLength(JSON.stringify({ tools: list }));
console.log(`tools/list: ${bytes(tools)} bytes as served, ${bytes(inlined)} inlined`);
for (let round = 1; round <= 2; round++) {
  const shared = compileMs(tools);
  const inline = compileMs(inlined);
  console.log(
    `round ${round}: ajv compiles every output schema in ${shared.toFixed(0)} ms as served, ${inline.toFixed(0)} ms inlined (median of ${RUNS}; ratio ${(inline / shared).toFixed(2)})`,
  );
}
