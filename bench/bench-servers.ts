/**
 * Child process of the API benchmark. Opens the given SQLite store (already refreshed), publishes as the
 * service does, and serves the same bytes twice: from the real app (port A) and from a bare node:http server
 * that answers each benchmarked URL with the app's own captured response (port B). Prints one JSON line
 * {"app":portA,"bare":portB,"sizes":{...}} when ready.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/http/app.ts';
import { publicationContent } from '../src/publication-content.ts';
import { Publisher } from '../src/publish/publisher.ts';
import { buildSite } from '../src/site/site-bundle.ts';
import { openStore } from '../src/store/store.ts';

const [database, ...urls] = process.argv.slice(2);
/** Answered by the bare server with two bytes (see `npm run bench`'s client ceiling). */
const CEILING_PATH = '/__ceiling';
const baseUrl = 'http://localhost:8080';
const store = await openStore(`sqlite:${database}`);
const publisher = new Publisher(store, {
  baseUrl,
  content: publicationContent({ baseUrl, partnerSitesJson: undefined }),
  site: buildSite,
});
await publisher.rebuild();
const app = await buildApp({ config: { baseUrl }, publication: () => publisher.current });
await app.listen({ port: 0, host: '127.0.0.1' });

const captured = new Map<string, { status: number; headers: Record<string, string>; body: Buffer }>();
for (const url of urls) {
  const res = await app.inject(url);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (!['content-length', 'date', 'connection', 'keep-alive'].includes(name) && value !== undefined)
      headers[name] = String(value);
  }
  captured.set(url, { status: res.statusCode, headers, body: res.rawPayload });
}
const bare = createServer((req, res) => {
  // The client's ceiling: the least a server can do per request, so that the load generator's own limit shows.
  if (req.url === CEILING_PATH) {
    res.writeHead(200, { 'content-length': '2' }).end('ok');
    return;
  }
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
  `${JSON.stringify({ app: (app.server.address() as AddressInfo).port, bare: (bare.address() as AddressInfo).port, sizes })}\n`,
);
process.on('SIGTERM', () => process.exit(0));
