import type { IncomingMessage } from 'node:http';
import { ApiError } from './api-error.ts';

/** The largest request body read (an MCP call is a few hundred bytes; Fastify's default limit, kept). */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * A JSON request body: read as it streams, cut off past MAX_BODY_BYTES, refused unless it is `application/json`
 * (any charset) and parses. Example: `{"jsonrpc":"2.0",…}` with Content-Type application/json → the parsed object.
 */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') {
    req.resume();
    return new ApiError(
      'bad_request',
      `The request body must be application/json, not ${type ? `"${type.slice(0, 40)}"` : 'absent'}.`,
      'Send the JSON-RPC message with Content-Type: application/json.',
    );
  }
  const read = await readBody(req);
  if (read === TOO_LARGE) {
    return new ApiError(
      'bad_request',
      `The request body is over ${MAX_BODY_BYTES} bytes.`,
      'One JSON-RPC message at a time: a call is a few hundred bytes.',
    );
  }
  const text = read.toString('utf8');
  if (text.trim() === '')
    return new ApiError('bad_request', 'The request body is empty.', 'Send one JSON-RPC message.');
  try {
    return JSON.parse(text);
  } catch {
    return new ApiError('bad_request', 'The request body is not valid JSON.', 'Send one JSON-RPC message as JSON.');
  }
}

const TOO_LARGE = Symbol('too large');

/**
 * The body's bytes, by the stream's events (an async iterator over the request cost a fifth of an MCP call's CPU);
 * past MAX_BODY_BYTES the request is destroyed and TOO_LARGE returned. A request that errs or closes early ends
 * the read with what came.
 */
function readBody(req: IncomingMessage): Promise<Buffer | typeof TOO_LARGE> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const done = (result: Buffer | typeof TOO_LARGE) => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onEnd);
      req.off('close', onEnd);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      length += chunk.length;
      if (length > MAX_BODY_BYTES) {
        req.destroy();
        done(TOO_LARGE);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => done(Buffer.concat(chunks));
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', onEnd);
    req.once('close', onEnd);
  });
}
