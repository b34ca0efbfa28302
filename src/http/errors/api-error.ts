import type { ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { CACHE_CONTROL } from '../../publish/cache-policy.ts';
import { CORS_HEADERS, JSON_CONTENT_TYPE } from '../../publish/prepared-response.ts';
import type { ErrorEnvelope } from '../../publish/schemas/error.ts';
import { answerHeaders } from '../answers/headers.ts';
import { ERROR_CODES, type ErrorCode } from './codes.ts';

/**
 * Every error the API answers, as a value: a stable code (whose status comes from ERROR_CODES), what happened
 * and what to do. Rendered into the contract's envelope in one place, `errorReply`.
 */
export class ApiError {
  readonly code: ErrorCode;
  readonly message: string;
  readonly hint: string;
  readonly headers: Readonly<Record<string, string>>;

  constructor(code: ErrorCode, message: string, hint: string, headers: Readonly<Record<string, string>> = {}) {
    this.code = code;
    this.message = message;
    this.hint = hint;
    this.headers = headers;
  }

  get status(): number {
    return ERROR_CODES[this.code].status;
  }
}

export interface ErrorReply {
  status: number;
  body: string;
  headers: Record<string, string>;
}

/** The envelope `{"error":{"code","message","hint","docs"},"status"}`; `docs` links to the error's entry. */
export function errorReply(baseUrl: string, error: ApiError): ErrorReply {
  const envelope: ErrorEnvelope = {
    error: { code: error.code, message: error.message, hint: error.hint, docs: `${baseUrl}/docs#error-${error.code}` },
    status: error.status,
  };
  return {
    status: error.status,
    // Messages quote what the client sent: `<`, `>` and `&` travel as JSON escapes, so a body that some client
    // renders as HTML cannot carry markup (the parsed JSON is unchanged).
    body: JSON.stringify(envelope).replace(/[<>&]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
    headers: {
      'content-type': JSON_CONTENT_TYPE,
      'cache-control': CACHE_CONTROL.error,
      ...CORS_HEADERS,
      'x-content-type-options': 'nosniff',
      ...error.headers,
    },
  };
}

// node:http's status texts, from its CommonJS exports (see app.ts on why not an ES import).
const { STATUS_CODES } = process.getBuiltinModule('node:http');

/**
 * Writes an error, the one way every error leaves the service: to a response, or — before any response exists (a
 * request Node could not parse, CONNECT, Upgrade) — straight to the socket. `close` ends the connection after it
 * (a request that cannot be trusted); `headers` are added (HSTS on a socket, which no response carries).
 */
export function writeError(
  target: ServerResponse | Duplex,
  baseUrl: string,
  error: ApiError,
  opts: { close?: boolean; headers?: Readonly<Record<string, string>> } = {},
): void {
  const reply = errorReply(baseUrl, error);
  const headers: Record<string, string> = {
    ...reply.headers,
    ...('writeHead' in target ? answerHeaders(target) : undefined),
    ...opts.headers,
    'content-length': String(Buffer.byteLength(reply.body)),
    ...(opts.close ? { connection: 'close' } : {}),
  };
  if ('writeHead' in target) {
    // Written as every answer is (answers/write-prepared.ts): one head from one object, then the bytes; the headers
    // every answer carries (answers/headers.ts) are in that object, so no writer needs setHeader.
    target.writeHead(reply.status, headers);
    target.end(Buffer.from(reply.body));
    return;
  }
  const head = [
    `HTTP/1.1 ${reply.status} ${STATUS_CODES[reply.status] ?? 'Error'}`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    '',
    '',
  ].join('\r\n');
  target.end(Buffer.concat([Buffer.from(head), Buffer.from(reply.body)]));
}

/** The most characters of a client's text an error quotes. */
const QUOTED_CHARS = 64;

/**
 * Text from a request shown in an error message (REST and MCP alike): cut short, and marked so, so an error never
 * echoes a whole hostile input.
 */
export function truncate(text: string): string {
  return text.length > QUOTED_CHARS ? `${text.slice(0, QUOTED_CHARS)}…` : text;
}
