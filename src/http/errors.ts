import { JSON_CONTENT_TYPE } from '../publish/prepared-response.ts';
import { ERROR_CODES, type ErrorCode } from './error-codes.ts';
import { ERROR_CACHE_CONTROL } from './routes.ts';
import type { ErrorEnvelope } from './schemas/error.ts';

export interface ErrorReply {
  status: number;
  body: string;
  headers: Record<string, string>;
}

/** Builds the contract's error envelope; `docs` links to the error's entry on the documentation page. */
export function errorReply(
  baseUrl: string,
  code: ErrorCode,
  message: string,
  hint: string,
  extraHeaders: Record<string, string> = {},
): ErrorReply {
  const status = ERROR_CODES[code].status;
  const envelope: ErrorEnvelope = { error: { code, message, hint, docs: `${baseUrl}/docs#error-${code}` }, status };
  return {
    status,
    body: JSON.stringify(envelope),
    headers: {
      'content-type': JSON_CONTENT_TYPE,
      'cache-control': ERROR_CACHE_CONTROL,
      'access-control-allow-origin': '*',
      ...extraHeaders,
    },
  };
}
