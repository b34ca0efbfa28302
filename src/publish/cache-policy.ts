/**
 * The Cache-Control of every kind of response, in one place: built into the prepared responses at publish time
 * and named by the route table, the /api directory and the OpenAPI document. The contract fixes regime, lens and
 * correlation; the others are ours (documented in the README's caching section).
 */
export const CACHE_CONTROL = {
  directory: 'public, max-age=300, s-maxage=3600',
  series: 'public, s-maxage=3600, stale-while-revalidate=21600',
  regime: 'public, s-maxage=3600, stale-while-revalidate=21600',
  history: 'public, s-maxage=3600, stale-while-revalidate=21600',
  model: 'public, s-maxage=3600, stale-while-revalidate=21600',
  lens: 'public, s-maxage=21600, stale-while-revalidate=86400',
  correlation: 'public, s-maxage=900, stale-while-revalidate=1800',
  snapshot: 'public, s-maxage=3600, stale-while-revalidate=21600',
  health: 'no-cache',
  openapi: 'public, max-age=3600',
  apiCatalog: 'public, max-age=3600',
  page: 'public, max-age=300, s-maxage=3600, stale-while-revalidate=21600',
  chart: 'public, max-age=3600, s-maxage=21600',
  /** CSV downloads change with each refresh, like the JSON they mirror. */
  csv: 'public, max-age=300, s-maxage=3600, stale-while-revalidate=21600',
  stylesheet: 'public, max-age=86400',
  icon: 'public, max-age=604800',
  error: 'no-store',
  /** A redirect to a canonical window never changes. */
  redirect: 'public, max-age=86400',
} as const;

export type CachePolicy = keyof typeof CACHE_CONTROL;
