import { readFileSync } from 'node:fs';

/** The service's version (package.json): in health, the snapshot, provenance and the OpenAPI document. */
export const SERVICE_VERSION: string = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
).version;
