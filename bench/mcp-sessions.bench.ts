/**
 * `npm run bench:mcp-sessions`: sessions of the official MCP SDK client, each listing the tools and calling every
 * one with seeded idle gaps (issue 42) — BENCH_SESSIONS (200) over stdio (`npm run -s mcp`, one process at a time,
 * on a refreshed fixture store) and over HTTP (the harness's server). Prints the lost calls (the suite asserts
 * none) and, for stdio, the handshake time from spawning the process to `initialize` answered: median and max.
 * BENCH_TRANSPORT=stdio or http runs one of them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { buildFixtureStore } from '../test/support/fixture.ts';
import { createRefreshedHarness } from '../test/support/harness.ts';
import { seededGaps, sharedValidator, toolSession } from '../test/support/mcp-session.ts';

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 200);
const WHICH = process.env.BENCH_TRANSPORT ?? 'both';
const ROOT = fileURLToPath(new URL('../', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'usdl-bench-sessions-'));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function run(name: string, transport: () => StdioClientTransport | StreamableHTTPClientTransport) {
  const validator = sharedValidator();
  const gap = seededGaps(42);
  const failures: string[] = [];
  const connects: number[] = [];
  let calls = 0;
  for (let session = 0; session < SESSIONS; session++) {
    const result = await toolSession(transport(), { name: `${name}-${session}`, validator, gap });
    failures.push(...result.failures);
    connects.push(result.connectMs);
    calls += result.calls;
  }
  process.stdout.write(
    `${name}: ${SESSIONS} sessions, ${calls} calls, ${failures.length} lost; handshake median ${median(connects).toFixed(0)} ms, max ${Math.max(...connects).toFixed(0)} ms\n`,
  );
  for (const failure of failures.slice(0, 10)) process.stdout.write(`  ${failure}\n`);
}

try {
  if (WHICH !== 'http') {
    const store = join(dir, 'store.sqlite');
    await buildFixtureStore(store);
    const env = Object.fromEntries(
      Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined),
    );
    await run(
      'stdio',
      () =>
        new StdioClientTransport({
          command: 'npm',
          args: ['run', '-s', '--prefix', ROOT, 'mcp'],
          env: { ...env, DATABASE_URL: `sqlite:${store}` },
          stderr: 'pipe',
        }),
    );
  }
  if (WHICH !== 'stdio') {
    const h = await createRefreshedHarness();
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const url = new URL(`http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}/mcp`);
    await run('http', () => new StreamableHTTPClientTransport(url));
    await h.close();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
