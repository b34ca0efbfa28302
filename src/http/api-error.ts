import { CACHE_CONTROL } from '../publish/cache-policy.ts';
import { CORS_HEADERS, JSON_CONTENT_TYPE } from '../publish/prepared-response.ts';
import { ERROR_CODES, type ErrorCode } from './error-codes.ts';
import type { ErrorEnvelope } from './schemas/error.ts';

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

/** Text from a request shown in an error message: cut short, so an error never echoes a whole hostile input. */
export function truncate(text: string, max = 64): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
