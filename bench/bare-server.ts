/**
 * The benchmark's baseline: a bare node:http server in a process of its own, run with Node's default flags, that
 * answers each benchmarked URL with the bytes the service gave for it (captured by `npm run bench`, passed as a
 * JSON file). It shares nothing with the service — heap, flags, modules — so it is the limit a Node server can
 * reach on this machine. Prints its port on one line when ready.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Captured {
  status: number;
  headers: Record<string, string>;
  bodyBase64: string;
}
const captured = new Map(
  Object.entries(JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Record<string, Captured>).map(([url, c]) => [
    url,
    { status: c.status, headers: c.headers, body: Buffer.from(c.bodyBase64, 'base64') },
  ]),
);
/** Answered with two bytes: the client's ceiling, the least a server can do per request. */
const CEILING_PATH = '/__ceiling';
const server = createServer((req, res) => {
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
server.listen(0, '127.0.0.1', () => process.stdout.write(`${(server.address() as AddressInfo).port}\n`));
process.on('SIGTERM', () => process.exit(0));
