/**
 * Child process of the API benchmark: loads the real files (synthetic fixtures when absent) through the
 * replay server into an in-memory store, publishes, then serves the same bytes twice: from the real app
 * (port A) and from a bare node:http server that answers each benchmarked URL with the app's own captured
 * response (port B). Prints one JSON line {"app":portA,"bare":portB} when ready.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHarness } from '../test/support/harness.ts';
import { hasRealData, realReplayData } from '../test/support/replay-data.ts';
import { syntheticReplayData } from '../test/support/synthetic-data.ts';

const urls = process.argv.slice(2);
const real = hasRealData();
const h = await createHarness({
  data: real ? realReplayData() : syntheticReplayData(),
  now: real ? new Date('2026-09-01T12:00:00Z') : new Date('2026-11-21T12:00:00Z'),
});
await h.refresh();
await h.replay.close();
await h.app.listen({ port: 0, host: '127.0.0.1' });

const captured = new Map<string, { status: number; headers: Record<string, string>; body: Buffer }>();
for (const url of urls) {
  const res = await h.app.inject(url);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (
      name !== 'content-length' &&
      name !== 'date' &&
      name !== 'connection' &&
      name !== 'keep-alive' &&
      value !== undefined
    ) {
      headers[name] = String(value);
    }
  }
  captured.set(url, { status: res.statusCode, headers, body: res.rawPayload });
}
const bare = createServer((req, res) => {
  const hit = captured.get(req.url ?? '');
  if (!hit) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(hit.status, hit.headers);
  res.end(hit.body);
});
await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
const sizes = Object.fromEntries([...captured].map(([url, r]) => [url, r.body.length]));
process.stdout.write(
  `${JSON.stringify({ app: (h.app.server.address() as AddressInfo).port, bare: (bare.address() as AddressInfo).port, real, sizes })}\n`,
);
process.on('SIGTERM', () => process.exit(0));
