import type { CorrelationBody, CorrelationHistoryBody } from './correlation.ts';
import type { HistoryBody } from './model.ts';

/**
 * Real response bodies of this publication, trimmed to a few elements where they are long, keyed by route path:
 * the examples of the OpenAPI document and of the documentation page.
 */
export function responseExamples(bodies: Record<string, unknown>): Map<string, unknown> {
  const examples = new Map<string, unknown>();
  for (const [path, body] of Object.entries(bodies)) {
    if (body === undefined) continue;
    if (path === '/api/history') examples.set(path, trimHistory(body as HistoryBody));
    else if (path === '/api/correlation') examples.set(path, trimCorrelation(body as CorrelationBody));
    else if (path === '/api/correlation/history')
      examples.set(path, trimCorrelationHistory(body as CorrelationHistoryBody));
    else if (path === '/api') {
      // The first endpoints only, as the snapshot's: a parameter entry with a default (type and default beside
      // required: false) is taken by Spectral's spectral:oas for an invalid JSON Schema inside the example (its
      // oas3-valid-schema-example: 10 errors on the whole directory, issue 42); the directory is served whole.
      const directory = body as { endpoints: unknown[] };
      examples.set(path, { ...directory, endpoints: directory.endpoints.slice(0, 3) });
    } else if (path === '/api/snapshot') {
      const snapshot = body as { indicators: unknown[]; apis: unknown[] };
      examples.set(path, { ...snapshot, indicators: snapshot.indicators.slice(0, 3), apis: snapshot.apis.slice(0, 3) });
    } else if (path === '/api/series') {
      const catalog = body as { count: number; series: unknown[] };
      examples.set(path, { count: 2, series: catalog.series.slice(0, 2) });
    } else if (path === '/api/health') {
      const health = body as { sources: unknown[] };
      examples.set(path, { ...health, sources: health.sources.slice(0, 3) });
    } else examples.set(path, body);
  }
  return examples;
}

/** The request each example answers (the documentation shows it as a curl). */
export function examplePath(routePath: string): string {
  if (routePath === '/api/series/{id}') return '/api/series/tga?days=7';
  if (routePath === '/api/lens') return '/api/lens?lang=en';
  return routePath;
}

function trimHistory(history: HistoryBody): HistoryBody {
  if (history.count === 0) return history;
  const k = Math.max(0, history.count - 3);
  const cut = <T>(xs: T[]) => xs.slice(k);
  return {
    ...history,
    from: history.dates[k]!,
    count: history.count - k,
    dates: cut(history.dates),
    headline: cut(history.headline),
    status: cut(history.status),
    aggregate: cut(history.aggregate),
    subIndices: {
      policy: cut(history.subIndices.policy),
      funding: cut(history.subIndices.funding),
      credit: cut(history.subIndices.credit),
      risk: cut(history.subIndices.risk),
      backstops: cut(history.subIndices.backstops),
    },
  };
}

function trimCorrelation(report: CorrelationBody): CorrelationBody {
  const copy = structuredClone(report);
  for (const asset of copy.assets) {
    for (const measure of ['headline', 'netLiquidity'] as const) {
      for (const w of ['13w', '26w', '52w'] as const)
        copy.correlations[asset][measure][w].path = copy.correlations[asset][measure][w].path.slice(-3);
      copy.leadLag[asset][measure].lags = copy.leadLag[asset][measure].lags.filter((l) => Math.abs(l.lag) <= 1);
    }
  }
  return copy;
}

/** The last three weeks of the rolling correlations. */
function trimCorrelationHistory(history: CorrelationHistoryBody): CorrelationHistoryBody {
  const k = Math.max(0, history.dates.length - 3);
  const rho = Object.fromEntries(
    Object.entries(history.rho).map(([asset, byMeasure]) => [
      asset,
      { headline: byMeasure.headline.slice(k), netLiquidity: byMeasure.netLiquidity.slice(k) },
    ]),
  ) as CorrelationHistoryBody['rho'];
  return { ...history, dates: history.dates.slice(k), rho };
}
