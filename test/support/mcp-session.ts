import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JsonSchemaType, JsonSchemaValidator, jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';

/** Arguments that give each tool a real answer. */
export const TOOL_ARGUMENTS: Record<string, Record<string, unknown>> = { get_series: { id: 'tga', days: 30 } };

/**
 * One validator for many sessions, compiling each output schema once: a new client compiles all of them again
 * (~0.5 s of CPU each time), which over hundreds of sessions is minutes of the client's time and nothing of the
 * server's. The stall that compilation causes is the subject of test/http/mcp/keep-alive.test.ts.
 */
export function sharedValidator(): jsonSchemaValidator {
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
export function seededGaps(seed: number): () => 'none' | 'immediate' | number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    const kind = state % 4;
    // back to back, the next turn of the event loop, or a timer of up to 40 ms
    return kind === 0 ? 'none' : kind === 1 ? 'immediate' : (state >> 8) % 41;
  };
}

async function idle(gap: 'none' | 'immediate' | number) {
  if (gap === 'immediate') await new Promise((resolve) => setImmediate(resolve));
  else if (gap !== 'none') await new Promise((resolve) => setTimeout(resolve, gap));
}

/**
 * One session of the official SDK client: connect, list the tools, call each one with an idle gap before it.
 * Returns what went wrong (an empty list when nothing did) and the milliseconds the handshake took.
 */
export async function toolSession(
  transport: Transport,
  options: { name: string; validator: jsonSchemaValidator; gap: () => 'none' | 'immediate' | number },
): Promise<{ failures: string[]; calls: number; connectMs: number }> {
  const client = new Client({ name: options.name, version: '1.0.0' }, { jsonSchemaValidator: options.validator });
  const failures: string[] = [];
  let calls = 0;
  const started = performance.now();
  let connectMs = Number.NaN;
  try {
    await client.connect(transport);
    connectMs = performance.now() - started;
    const { tools } = await client.listTools();
    for (const tool of tools) {
      await idle(options.gap());
      const result = await client.callTool({ name: tool.name, arguments: TOOL_ARGUMENTS[tool.name] ?? {} });
      if (result.isError)
        failures.push(`${options.name} ${tool.name}: ${JSON.stringify(result.content).slice(0, 200)}`);
      calls++;
    }
  } catch (error) {
    const cause = (error as Error).cause === undefined ? '' : ` ${String((error as Error).cause)}`;
    failures.push(`${options.name}: ${(error as Error).message}${cause}`.slice(0, 300));
  } finally {
    await client.close();
  }
  return { failures, calls, connectMs };
}
