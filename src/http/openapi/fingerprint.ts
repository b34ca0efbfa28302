import { createHash } from 'node:crypto';
import { API_ROUTES, DOCUMENT_ROUTES } from '../routes/table.ts';
import { buildOpenApi } from './document.ts';

/**
 * The fingerprint of the API contract: SHA-256 of the OpenAPI document built for a fixed base URL, without the
 * examples (real responses, which change with the data) and without info.version (which the fingerprint is
 * checked against). Example: 'sha256:3f1c…' (64 hex digits).
 */
export function openapiFingerprint(): string {
  const document = buildOpenApi([...API_ROUTES, ...DOCUMENT_ROUTES], 'https://example.org', undefined, 6) as {
    info: Record<string, unknown>;
  };
  const { version: _version, ...info } = document.info;
  const text = JSON.stringify({ ...document, info });
  return `sha256:${createHash('sha256').update(text).digest('hex')}`;
}
