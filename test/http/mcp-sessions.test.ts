import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { JsonSchemaType, JsonSchemaValidator, jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { createRefreshedHarness, type Harness } from '../support/harness.ts';

const SESSIONS = 200;

/** Arguments that give each tool a real answer. */
const ARGUMENTS: Record<string, Record<string, unknown>> = { get_series: { id: 'tga', days: 30 } };

/**
 * One validator for every session, compiling each output schema once: a new client compiles all of them again
 * (~0.5 s of CPU each time), which over 200 sessions is minutes of this test and nothing of the server's. The stall
 * that compilation causes is the subject of mcp-keep-alive.test.ts.
 */
function sharedValidator(): jsonSchemaValidator {
  const ajv = new AjvJsonSchemaValidator();
  const compiled = new Map<string, JsonSchemaValidator<unknown>>();
  return {
    getValidator<T>(schema: JsonSchemaType) {
      const key = JSON.stringify(schema);
      const known = compiled.get(key);
      if (known) return known as JsonSchemaValidator<T>;
      const validator = ajv.getValidator<T>(schema);
      compiled.set(key, validator as JsonSchemaValidator<unknown>);
      return validator;
    },
  };
}

/** Idle gaps from a fixed seed (a linear congruential generator): the same schedule on every run. */
function gaps(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    const kind = state % 4;
    // back to back, the next turn of the event loop, or a timer of up to 40 ms
    return kind === 0 ? 'none' : kind === 1 ? 'immediate' : (state >> 8) % 41;
  };
}

/**
 * Issue 42, point 1: 200 sessions of the official SDK client, each listing the tools and calling every one, with
 * idle gaps between calls, lose no call. Before, a client calling one tool after another was answered `503 busy`
 * as soon as 40 exchanges had started in a second (8 of 20 sessions lost a call on an idle machine); now an
 * exchange past MCP's share of the serving thread waits its turn (mcp-admission.ts). In the suite the other test
 * files keep both cores busy meanwhile.
 */
describe(`MCP over HTTP: ${SESSIONS} sessions of the SDK client`, () => {
  let h: Harness;
  let url: URL;
  before(async () => {
    h = await createRefreshedHarness();
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    url = new URL(`http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}/mcp`);
  });
  after(() => h.close());

  it('list the tools, call each one, with idle gaps between calls: no call lost', async () => {
    const validator = sharedValidator();
    const gap = gaps(42);
    const failures: string[] = [];
    let calls = 0;
    for (let session = 0; session < SESSIONS; session++) {
      const client = new Client({ name: `session-${session}`, version: '1.0.0' }, { jsonSchemaValidator: validator });
      try {
        await client.connect(new StreamableHTTPClientTransport(url));
        const { tools } = await client.listTools();
        for (const tool of tools) {
          const wait = gap();
          if (wait === 'immediate') await new Promise((resolve) => setImmediate(resolve));
          else if (wait !== 'none') await delay(wait);
          const result = await client.callTool({ name: tool.name, arguments: ARGUMENTS[tool.name] ?? {} });
          if (result.isError) failures.push(`${session} ${tool.name}: ${JSON.stringify(result.content).slice(0, 200)}`);
          calls++;
        }
      } catch (error) {
        failures.push(`${session}: ${(error as Error).message} ${String((error as Error).cause ?? '')}`.slice(0, 300));
      } finally {
        await client.close();
      }
    }
    assert.deepEqual(failures, []);
    assert.equal(calls, SESSIONS * 8);
  });
});
