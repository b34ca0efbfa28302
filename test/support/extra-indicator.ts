import { registerHooks } from 'node:module';

/**
 * Issue 40, point 4: the service as it would be with a 26th indicator. Loaded with `--import` before anything
 * else, it rewrites the catalog's list of indicator ids as it is read, adding `sofr` (a series the fixtures already
 * hold), so every module that counts or lists the indicators sees one more — as it would after a real addition.
 */
export const EXTRA_INDICATOR = 'sofr';

const LAST_ID = "  'debt-to-gdp',\n] as const;";

registerHooks({
  load(url, context, nextLoad) {
    const loaded = nextLoad(url, context);
    if (!url.endsWith('/src/timeseries/series.ts')) return loaded;
    const source = String(loaded.source);
    if (!source.includes(LAST_ID)) throw new Error('extra-indicator: the catalog’s list of indicator ids moved');
    return { ...loaded, source: source.replace(LAST_ID, `  'debt-to-gdp',\n  '${EXTRA_INDICATOR}',\n] as const;`) };
  },
});
