import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * How many answers one connection may have unfinished (written but not yet taken by the client, or queued behind
 * one) before the server stops working for it. Browsers and HTTP libraries send one request at a time per
 * connection; a few tools pipeline a handful.
 */
export const MAX_UNFINISHED_PER_CONNECTION = 8;

/**
 * Bounds HTTP/1.1 pipelining. Node pauses reading a connection whose client does not read its answers, but only
 * after it has parsed (and the service has answered) every request in the chunk it last read: up to ~1,600 small
 * requests in 64 kB, each answered on the serving thread while the client reads nothing, stalling every other
 * client. Past the bound the connection is closed, so a client that
 * does not read costs at most that many answers. Returns false when the request must not be answered.
 */
export function admitPipelined(req: IncomingMessage, res: ServerResponse): boolean {
  const socket = req.socket as Socket & { [UNFINISHED]?: number };
  const unfinished = (socket[UNFINISHED] ?? 0) + 1;
  if (unfinished > MAX_UNFINISHED_PER_CONNECTION) {
    socket.destroy();
    return false;
  }
  socket[UNFINISHED] = unfinished;
  // One function for every response, and `on` (a response closes once): `once` with a closure made three objects
  // per request, and its wrapper's removal ran as each response closed.
  res.on('close', answerClosed);
  return true;
}

// A counter on the socket itself (a symbol no one else reads): cheaper than a WeakMap lookup per request.
const UNFINISHED = Symbol('unfinished answers');

function answerClosed(this: ServerResponse): void {
  (this.req.socket as Socket & { [UNFINISHED]?: number })[UNFINISHED]! -= 1;
}
