/**
 * `npm run bench:mcp`: CPU time per answer on the serving thread (process.threadCpuUsage: this thread alone, not the
 * chart thread drawing a publication's charts meanwhile nor V8's collector threads), MCP (POST /mcp, stateless streamable HTTP, through
 * the app's inject) against the REST route it mirrors — median of 7 rounds of 200 calls each, one process, after
 * a warm-up — and their ratio (issue 41's budget: a tool answered from a pre-built resource within 2× the REST
 * call's CPU). Issue 28 found ~10 ms of CPU per MCP call against ~0.35 ms for REST, and a burst of MCP calls
 * stalled the /api/regime probe.
 */
import { addDays } from '../src/timeseries/dates.ts';
import { createRefreshedHarness } from '../test/support/harness.ts';

const h = await createRefreshedHarness();
const mcp = (body: unknown) =>
  h.app.inject({
    method: 'POST',
    url: '/mcp',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    payload: JSON.stringify(body),
  });
const asked: [number, number] = [0, 0];
/** The next unseen day of a stream: even days from 2005-01-01 for stream 0, odd ones for stream 1. */
const unique = (stream: 0 | 1) => addDays('2005-01-01', 2 * (asked[stream]++ % 3000) + stream);
const call =
  (name: string, args: Record<string, unknown> = {}) =>
  () =>
    mcp({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } });
/** Each MCP call beside the REST request it mirrors (none for tools/list). */
const cases: Array<[string, () => Promise<{ statusCode: number }>, string?]> = [
  ['REST GET /api/regime', () => h.app.inject('/api/regime')],
  ['REST GET /api/history', () => h.app.inject('/api/history')],
  ['REST GET /api/series/tga?days=365', () => h.app.inject('/api/series/tga?days=365')],
  ['MCP tools/list', () => mcp({ jsonrpc: '2.0', id: 1, method: 'tools/list' })],
  ['MCP get_regime', call('get_regime'), 'REST GET /api/regime'],
  ['MCP get_history', call('get_history'), 'REST GET /api/history'],
  ['MCP get_series tga 365 d', call('get_series', { id: 'tga', days: 365 }), 'REST GET /api/series/tga?days=365'],
  // Windows no one asked before (bench:stall's MCP calls): REST on even days from 2005, MCP on the odd days between,
  // so neither finds the other's window kept and their sizes match.
  ['REST GET /api/series/tga?start=<unique>', () => h.app.inject(`/api/series/tga?start=${unique(0)}`)],
  [
    'MCP get_series tga start=<unique>',
    () => call('get_series', { id: 'tga', start: unique(1) })(),
    'REST GET /api/series/tga?start=<unique>',
  ],
];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
process.stdout.write('| answer | CPU ms per call (median of 7 × 200) | MCP / REST (budget ≤ 2) |\n|---|---|---|\n');
const measured = new Map<string, number>();
for (const [name, run, rest] of cases) {
  for (let i = 0; i < 50; i++) await run();
  const rounds: number[] = [];
  for (let r = 0; r < 7; r++) {
    const before = process.threadCpuUsage();
    for (let i = 0; i < 200; i++) {
      const res = await run();
      if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode}`);
    }
    const used = process.threadCpuUsage(before);
    rounds.push((used.user + used.system) / 1000 / 200);
  }
  const ms = median(rounds);
  measured.set(name, ms);
  const ratio = rest ? (ms / measured.get(rest)!).toFixed(2) : '';
  process.stdout.write(`| ${name} | ${ms.toFixed(2)} | ${ratio} |\n`);
}
await h.close();
