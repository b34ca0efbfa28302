import type { IncomingMessage, ServerResponse } from 'node:http';
import type { QueryString } from '../params/route-query.ts';
import type { ClientConnection, RouteRequest } from '../routes/route.ts';

/** A route without path parameters: one frozen object for all of them. */
export const NO_PARAMS: Record<string, string> = Object.freeze({}) as Record<string, string>;

/**
 * A request as the route handlers see it. A class, so that every request has the same hidden class: an object
 * literal with a conditional spread and a getter gets a new one per request from V8, which keeps the whole request
 * alive until a full collection (docs/performance.md; test/http/routing/request.test.ts holds the shape).
 */
export class DispatchedRequest implements RouteRequest {
  readonly params: Record<string, string>;
  readonly query: QueryString;
  readonly headers: IncomingMessage['headers'];
  readonly path: string;
  readonly markdownPath: boolean;
  readonly #req: IncomingMessage;
  readonly #res: ServerResponse | undefined;
  readonly #clientOf: ((req: IncomingMessage) => string) | undefined;

  constructor(
    params: Record<string, string>,
    query: QueryString,
    req: IncomingMessage,
    path: string,
    markdownPath: boolean,
    res: ServerResponse | undefined,
    clientOf: ((req: IncomingMessage) => string) | undefined,
  ) {
    this.params = params;
    this.query = query;
    this.headers = req.headers;
    this.path = path;
    this.markdownPath = markdownPath;
    this.#req = req;
    this.#res = res;
    this.#clientOf = clientOf;
  }

  connection(): ClientConnection | undefined {
    return this.#res ? clientConnection(this.#res) : undefined;
  }

  // Read only by the handlers that compute on demand: the address is not parsed for every pre-built answer.
  get client(): string | undefined {
    return this.#clientOf?.(this.#req);
  }
}

/**
 * The client behind a response: `gone` is aborted when the connection closes before the response was written;
 * `halfClosed` says whether the client shut its sending side (it is still answered: the server allows half-open
 * connections, see app.ts). Example: a chart's drawing no one waits for any more is dropped from the queue.
 */
function clientConnection(res: ServerResponse): ClientConnection {
  return { gone: goneSignal(res), halfClosed: () => res.socket?.readableEnded ?? true };
}

/** Aborted when the response's client went away (its connection closed) before the response was written. */
export function goneSignal(res: ServerResponse): AbortSignal {
  const controller = new AbortController();
  // Only a response closed unfinished aborts: an abort builds an AbortError (a DOMException, with its stack),
  // which every answered response would pay for when it closed.
  res.once('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}
