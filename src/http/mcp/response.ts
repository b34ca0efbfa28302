import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { keptAnswers, MIB } from '../../publish/kept.ts';
import { answerHeaders } from '../answers/headers.ts';
import { chooseEncoding, type Encoding } from '../negotiation.ts';

/**
 * Between Node's HTTP objects and the MCP SDK's web-standard transport: the request as a web Request (its body is
 * already parsed by the app), and the transport's answer written back — compressed when the client accepts it.
 * The tool list is 148 kB of JSON (its output schemas), 10 kB in gzip; a tool's answer up to ~750 kB (a year of
 * history as text and as structured content). Compression runs on libuv's pool, not the serving thread.
 */
const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Bodies smaller than this are sent as they are (as the API's prepared responses). */
const MIN_COMPRESS_BYTES = 1024;

/** The tool list is the same bytes for every client that numbers its request alike: compressed once. */
const kept = keptAnswers<Buffer>('MCP tool lists, compressed', { bytes: 4 * MIB, sizeOf: (bytes) => bytes.length });

/** The Node request as the web Request the transport reads (method, headers; the body goes as parsedBody). */
export function webRequest(req: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  // The transport reads only the method, the headers and the path; the host may be anything a client sent.
  return new Request(new URL(req.url ?? '/mcp', 'http://localhost'), { method: req.method ?? 'POST', headers });
}

/** A body compressed on libuv's thread pool (brotli quality 5 or gzip level 6, as the API's prepared responses). */
function compress(body: Buffer, encoding: 'br' | 'gzip'): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(body, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : gzip(body, { level: 6 });
}

/**
 * Writes an MCP answer (the transport's, or the fast path's). A JSON body of 1 kB or more goes compressed
 * (brotli, else gzip) when the request's Accept-Encoding allows; `keep` marks an answer that is the same for many
 * clients (the tool list). A body given in parts (the fast path's: a response's bytes between its JSON-RPC frame)
 * is written part by part when it goes as it is, not copied into one Buffer first.
 */
export async function writeMcpBody(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: Buffer | readonly Buffer[],
  keep = false,
): Promise<void> {
  const parts = Buffer.isBuffer(body) ? [body] : body;
  const length = parts.reduce((bytes, part) => bytes + part.length, 0);
  const json = (headers['content-type'] ?? '').startsWith('application/json');
  const encoding: Encoding =
    json && length >= MIN_COMPRESS_BYTES ? chooseEncoding(req.headers['accept-encoding']) : 'identity';
  let bytes = parts;
  let sent = length;
  if (encoding !== 'identity') {
    const whole = Buffer.concat(parts);
    const key = keep ? `${encoding}|${whole.toString()}` : undefined;
    const known = key === undefined ? undefined : kept.get(key);
    const compressed = known ?? (await compress(whole, encoding));
    if (key !== undefined && !known) kept.set(key, compressed);
    bytes = [compressed];
    sent = compressed.length;
  }
  if (res.destroyed) return;
  res.writeHead(status, {
    ...answerHeaders(res),
    ...headers,
    ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
    ...(json ? { vary: 'Accept-Encoding' } : {}),
    'content-length': String(sent),
  });
  // Corked, the parts leave in one writev.
  res.cork();
  for (const part of bytes.slice(0, -1)) res.write(part);
  res.end(bytes.at(-1));
}

/** Writes the transport's answer (writeMcpBody); `keep` as there. */
export async function writeMcpResponse(
  req: IncomingMessage,
  res: ServerResponse,
  response: Response,
  keep: boolean,
): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  await writeMcpBody(req, res, response.status, headers, Buffer.from(await response.arrayBuffer()), keep);
}
