import type { SourceEdit } from '../source-edits.ts';

/**
 * docs/contributing.md, "Add a series", done once: `sofr` (a series the fixtures hold) made the 26th indicator
 * by adding its id to the catalog's list of indicator ids.
 */
export const EXTRA_INDICATOR = 'sofr';

export const ADD_INDICATOR: SourceEdit = {
  file: '/src/timeseries/series.ts',
  from: "  'debt-to-gdp',\n] as const;",
  to: `  'debt-to-gdp',\n  '${EXTRA_INDICATOR}',\n] as const;`,
};
