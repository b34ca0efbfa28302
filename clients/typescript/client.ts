import createClient from 'openapi-fetch';
import type { paths } from './schema.ts';

/**
 * A typed client of the usd-liquidity API: every path, parameter and response body is typed from the OpenAPI
 * document (schema.ts, generated). Example:
 *   const api = usdLiquidityClient('https://usd-liquidity.example');
 *   const { data } = await api.GET('/api/series/{id}', { params: { path: { id: 'tga' }, query: { days: 30 } } });
 */
export function usdLiquidityClient(baseUrl: string, fetchImpl: typeof fetch = fetch) {
  return createClient<paths>({ baseUrl, fetch: fetchImpl });
}

export type { paths };
