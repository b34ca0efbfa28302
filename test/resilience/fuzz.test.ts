import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createRefreshedHarness, type Harness } from '../support/harness.ts';

/**
 * A request fuzzer over raw TCP, so malformed bytes reach the server as sent: odd paths, bad encodings,
 * traversal attempts, huge query strings and headers, every method, invalid days and lang, unicode. Every
 * request must get a well-formed JSON error envelope or a correct success — never an HTML page, a stack trace
 * or a 5xx — and the process must keep running. (Browsers asking for text/html get an HTML 404 for unknown
 * pages by design, so the fuzzer's Accept headers leave HTML out.)
 */
const REQUESTS = 3000;

function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const METHODS = [
  'GET',
  'GET',
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
  'TRACE',
  'PROPFIND',
  'MKCOL',
  'LOCK',
  'PURGE',
  'SEARCH',
  'get',
  'FOO',
  'G@T',
  'CONNECT',
];
const SEGMENTS = [
  'api',
  'api',
  'series',
  'tga',
  'net-liquidity',
  'regime',
  'lens',
  'history',
  'correlation',
  'snapshot',
  'health',
  'model',
  '..',
  '%2e%2e',
  '%2E%2E%2F',
  '.',
  '%00',
  '%zz',
  '%',
  '%%',
  '%C0%AF',
  '%E2%98%83',
  '☃',
  '日本',
  'ü',
  'a'.repeat(300),
  'etc',
  'passwd',
  'TGA',
  'series%2Ftga',
  '\\..\\',
  '%5C',
  ';',
  '@',
  '*',
  '~',
  '$(id)',
  "'or'1'='1",
  '<script>',
  '%0d%0aSet-Cookie:x',
  'charts',
  'tga.svg',
  'indicators',
  'today',
  '2024-13-45',
  'blog',
  'openapi.json',
  '.well-known',
  'api-catalog',
  'llms.txt',
];
const DAYS = [
  '0',
  '4001',
  '-1',
  'abc',
  '1.5',
  '1e3',
  '',
  '+5',
  '05',
  '%20',
  '0x10',
  '99999999999999999999',
  '365',
  '1',
  '4000',
  'NaN',
  'Infinity',
  '١٢',
  '3%00',
];
const LANGS = [
  'xx',
  'english',
  '',
  'zh-XX',
  'pt-BR',
  'en--US',
  '<b>',
  'zh-TW',
  'ZH-hant',
  'de',
  '%FF',
  'x'.repeat(200),
];
const ACCEPTS = [
  undefined,
  'application/json',
  '*/*',
  'application/xml',
  'image/png',
  'text/plain',
  'application/json;q=0.1, */*;q=0',
];

function buildRequest(random: () => number, host: string): { method: string; raw: Buffer } {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
  const method = pick(METHODS);
  const depth = 1 + Math.floor(random() * 5);
  let path = `/${Array.from({ length: depth }, () => pick(SEGMENTS)).join(random() < 0.1 ? '//' : '/')}`;
  if (random() < 0.5) path = `/api${random() < 0.5 ? '/series' : ''}${path}`;
  const query: string[] = [];
  if (random() < 0.4) query.push(`days=${pick(DAYS)}`);
  if (random() < 0.2) query.push(`days=${pick(DAYS)}`);
  if (random() < 0.3) query.push(`lang=${pick(LANGS)}`);
  if (random() < 0.1) query.push(`style=${pick(['spark', 'pie', '%00'])}`);
  if (random() < 0.05) query.push(`q=${'x'.repeat(1000 + Math.floor(random() * 20_000))}`);
  if (random() < 0.05) query.push(pick(['&&&', '=', '==x', '%', 'a[b]=c', '__proto__=1', 'constructor[prototype]=1']));
  const target = method === 'CONNECT' ? `${host}:443` : path + (query.length ? `?${query.join('&')}` : '');
  const headers = [`Host: ${host}`, 'Connection: close'];
  const accept = pick(ACCEPTS);
  if (accept) headers.push(`Accept: ${accept}`);
  if (random() < 0.1) headers.push(`If-None-Match: ${pick(['*', '"x"', 'W/"', '""""', '"a", W/"b"'])}`);
  if (random() < 0.1)
    headers.push(`Accept-Encoding: ${pick(['br', 'gzip;q=0', '*', 'identity;q=0', 'x'.repeat(100)])}`);
  if (random() < 0.05) headers.push(`X-Junk: ${'j'.repeat(1000 + Math.floor(random() * 30_000))}`);
  if (random() < 0.03) headers.push('Upgrade: websocket', 'Connection: Upgrade');
  if (random() < 0.03) headers.push('Transfer-Encoding: chunked', 'Content-Length: 5');
  let body = '';
  if (['POST', 'PUT', 'PATCH'].includes(method) && random() < 0.7) {
    body = random() < 0.5 ? '{"a":1}' : '\u0000\u00ff not json';
    headers.push('Content-Type: application/json', `Content-Length: ${Buffer.byteLength(body)}`);
  }
  return {
    method,
    raw: Buffer.concat([
      Buffer.from(`${method} `),
      Buffer.from(target, 'utf8'),
      Buffer.from(` HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n${body}`),
    ]),
  };
}

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends one raw request and ends the client's side (a request whose body never comes is then cut short by the
 * server, not waited for): the server's closing of the connection says the answer is complete. No timer: a busy
 * machine answers late, not wrongly.
 */
function send(port: number, raw: Buffer): Promise<RawResponse | undefined> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      if (!text.startsWith('HTTP/1.1 ') || split < 0) return resolve(undefined);
      const [statusLine = '', ...lines] = text.slice(0, split).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: text.slice(split + 4) });
    });
    socket.end(raw);
  });
}

describe('request fuzzer', () => {
  let h: Harness;
  let port: number;
  before(async () => {
    h = await createRefreshedHarness();
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    port = (h.app.server.address() as AddressInfo).port;
  });
  after(() => h.close());

  it(`${REQUESTS} generated bad requests: each gets a JSON envelope or a correct success, never HTML, a stack trace or a 5xx`, async () => {
    const random = rng(20261121);
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    const host = `127.0.0.1:${port}`;
    const batch = 16;
    for (let i = 0; i < REQUESTS; i += batch) {
      const requests = Array.from({ length: Math.min(batch, REQUESTS - i) }, () => buildRequest(random, host));
      const responses = await Promise.all(requests.map((r) => send(port, r.raw)));
      for (const [k, response] of responses.entries()) {
        const request = requests[k]!;
        const label = request.raw.subarray(0, 120).toString('utf8').split('\r\n')[0];
        if (!response) {
          failures.push(`no response: ${label}`);
          continue;
        }
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (response.status >= 500) failures.push(`${response.status}: ${label}`);
        if (/\n\s+at .+:\d+:\d+|node_modules|\.ts:\d+/.test(response.body)) failures.push(`stack trace: ${label}`);
        if (response.status >= 400) {
          if (!(response.headers['content-type'] ?? '').startsWith('application/json')) {
            failures.push(`non-JSON ${response.status} (${response.headers['content-type']}): ${label}`);
            continue;
          }
          if (request.method === 'HEAD') continue;
          try {
            const envelope = JSON.parse(response.body);
            const ok =
              typeof envelope.error?.code === 'string' &&
              typeof envelope.error.message === 'string' &&
              typeof envelope.error.hint === 'string' &&
              typeof envelope.error.docs === 'string' &&
              envelope.status === response.status;
            if (!ok) failures.push(`malformed envelope: ${label}`);
          } catch {
            failures.push(`unparsable error body: ${label}`);
          }
        }
        // Pages answer 200 in HTML by design; an HTML body anywhere under /api or in an error is a failure.
        const apiTarget = /^\S+ \/api(\/|\?| |$)/.test(label ?? '');
        if ((apiTarget || response.status >= 400) && /^<(!doctype|html)/i.test(response.body.trimStart()))
          failures.push(`HTML page: ${label}`);
      }
    }
    const summary = [...statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}×${n}`)
      .join(' ');
    assert.deepEqual(failures.slice(0, 20), [], `${failures.length} failures; statuses ${summary}`);
    const health = await fetch(`http://${host}/api/health`);
    assert.equal(health.status, 200, 'the process is still running');
    process.stdout.write(`# fuzzer: ${REQUESTS} requests → ${summary}\n`);
  });
});
