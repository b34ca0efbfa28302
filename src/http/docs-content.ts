import { CACHE_CONTROL } from '../publish/cache-policy.ts';
import type { EndpointDoc, ErrorDoc } from '../publish/content.ts';
import { ERROR_CODES } from './error-codes.ts';
import { API_ROUTES } from './routes/table.ts';

/** The endpoint and error documentation the site's /docs page shows, from the route table and the error codes. */
export function endpointDocs(): EndpointDoc[] {
  return API_ROUTES.map((r) => ({
    method: 'GET',
    path: r.path,
    summary: r.spec!.summary,
    description: r.spec!.description,
    cacheControl: CACHE_CONTROL[r.cache],
    errors: [...r.spec!.errors],
    parameters: r.spec!.parameters.map((p) => ({
      name: p.name,
      in: p.in,
      required: p.required,
      type: p.type,
      description: p.description,
    })),
  }));
}

export function errorDocs(): ErrorDoc[] {
  return Object.entries(ERROR_CODES).map(([code, spec]) => ({
    code,
    status: spec.status,
    description: spec.description,
  }));
}
