import type { IncomingMessage } from 'node:http';
import { ApiError } from './errors/api-error.ts';

/** The largest request body read (an MCP call is a few hundred bytes; Fastify's default limit, kept). */
const MAX_BODY_BYTES = 1024 * 1024;

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
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    length += chunk.length;
    if (length > MAX_BODY_BYTES) {
      req.destroy();
      return new ApiError(
        'bad_request',
        `The request body is over ${MAX_BODY_BYTES} bytes.`,
        'One JSON-RPC message at a time: a call is a few hundred bytes.',
      );
    }
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '')
    return new ApiError('bad_request', 'The request body is empty.', 'Send one JSON-RPC message.');
  try {
    return JSON.parse(text);
  } catch {
    return new ApiError('bad_request', 'The request body is not valid JSON.', 'Send one JSON-RPC message as JSON.');
  }
}
