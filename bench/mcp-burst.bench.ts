/**
 * `npm run bench:mcp-burst`: the /api/regime probe while a burst of MCP calls hits the service (issue 28 found it
 * at 932 ms). The service runs as `npm start` runs it, pinned to core 0; 16 connections of MCP calls (get_history,
 * the largest answer, and tools/list, alternately) come from this process on core 1 for 15 s, while one probe
 * request a 20 ms interval measures /api/regime. Prints the probe's median, p99 and max, and the burst's answers by
 * status (503 busy is the in-flight bound at work).
 */
import autocannon from 'autocannon';
import { benchStore } from './bench-store.ts';
import { startService } from './service-process.ts';

const store = await benchStore();
const service = await startService({ DATABASE_URL: `sqlite:${store.database}`, REFRESH_ON_START: 'false' }, 0);
const bodies = [
  { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_history', arguments: {} } },
  { jsonrpc: '2.0', id: 2, method: 'tools/list' },
].map((b) => JSON.stringify(b));
let turn = 0;
const burst = autocannon({
  url: `${service.base}/mcp`,
  connections: 16,
  duration: 15,
  requests: [
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      setupRequest: (request) => ({ ...request, body: bodies[turn++ % bodies.length] }),
    },
  ],
});
const probe: number[] = [];
const until = performance.now() + 14_000;
while (performance.now() < until) {
  const t0 = performance.now();
  await fetch(`${service.base}/api/regime`).then((r) => r.arrayBuffer());
  probe.push(performance.now() - t0);
  await new Promise((r) => setTimeout(r, 20));
}
const result = await burst;
probe.sort((a, b) => a - b);
const at = (q: number) => probe[Math.min(probe.length - 1, Math.floor(q * probe.length))]!.toFixed(1);
process.stdout.write(
  `MCP burst: ${result.requests.total} calls in 15 s (2xx ${result['2xx']}, 5xx ${result['5xx']}, errors ${result.errors})\n/api/regime probe during it: n ${probe.length}, median ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${probe.at(-1)!.toFixed(1)} ms\n`,
);
service.stop();
store.remove();
