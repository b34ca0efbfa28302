import { formulaInputs, seriesDef } from './catalog.ts';
import { CATALOG, type LicenseTerms, type SeriesDef } from './series.ts';

/**
 * What the CC0 dedication covers, said the same way in the README, /api, the snapshot's `site` object and the
 * site footer.
 */
export const DATA_LICENSE = {
  name: 'CC0-1.0',
  url: 'https://creativecommons.org/publicdomain/zero/1.0/',
  scope: `CC0 1.0 covers what this service computes (the regime, history, lens, correlations, model description and the derived series) and the public-domain inputs (Federal Reserve Board, U.S. Treasury, BEA). Every other input keeps its upstream terms, stated per series in meta.license: citation-required series (NY Fed, Cboe, Chicago Fed, St. Louis Fed, ECB, Bank of Japan, Coinbase data) are served with their attribution; restricted series (${restrictedNames()}) are not redistributed, only statistics computed from them.`,
} as const;

/** The catalog's restricted series by name, read from their terms: "High-yield credit spread, …, Gold (GLD)". */
function restrictedNames(): string {
  return CATALOG.filter((def) => def.terms === 'restricted')
    .map((def) => def.name)
    .join(', ');
}

/** The terms of use of a series as served in `meta.license`, on its page and in the OpenAPI document. */
export interface License {
  terms: LicenseTerms;
  name: string;
  /** Where the provider states the terms (FRED's series notes, the dataset's page). */
  url: string;
  /** The citation to give when reusing the values. */
  attribution: string;
  /**
   * `full`: the values are served. `statistics-only`: the terms forbid reproduction, so the values are withheld
   * and only statistics computed from them (percentiles, states) are published.
   */
  redistribution: 'full' | 'statistics-only';
}

const TERMS_NAME: Record<LicenseTerms, string> = {
  'public-domain': 'Public domain (citation requested)',
  'citation-required': 'Copyrighted: citation required',
  restricted: 'Restricted: reproduction prohibited without the owner’s permission',
};

const STRICTEST_FIRST: LicenseTerms[] = ['restricted', 'citation-required', 'public-domain'];

const TREASURY_DATASETS: Record<string, { title: string; url: string }> = {
  'dts-tga': {
    title: 'Daily Treasury Statement, Table I: Operating Cash Balance',
    url: 'https://fiscaldata.treasury.gov/datasets/daily-treasury-statement/',
  },
  'debt-to-penny': { title: 'Debt to the Penny', url: 'https://fiscaldata.treasury.gov/datasets/debt-to-the-penny/' },
  'mts-deficit': {
    title: 'Monthly Treasury Statement, Table 1',
    url: 'https://fiscaldata.treasury.gov/datasets/monthly-treasury-statement/',
  },
  'bills-share': {
    title: 'Monthly Statement of the Public Debt, Table I',
    url: 'https://fiscaldata.treasury.gov/datasets/monthly-statement-public-debt/',
  },
};

/** The page where each NY Fed dataset is described (its terms are linked from there). */
const NYFED_PAGES: Record<string, string> = {
  sofr: 'https://www.newyorkfed.org/markets/reference-rates/sofr',
  effr: 'https://www.newyorkfed.org/markets/reference-rates/effr',
  srf: 'https://www.newyorkfed.org/markets/desk-operations/repo',
};

/**
 * The licence of a series. Fetched series carry their provider's terms; a derived series is computed here (CC0)
 * from inputs whose terms still apply, so it takes the strictest terms among its inputs and cites them all.
 */
export function licenseOf(def: SeriesDef): License {
  if (def.kind === 'derived') {
    const inputs = fetchedInputs(def).map((id) => licenseOf(seriesDef(id)!));
    const terms = STRICTEST_FIRST.find((t) => inputs.some((l) => l.terms === t)) ?? 'public-domain';
    return {
      terms,
      name: `Computed by usd-liquidity (CC0-1.0) from inputs under: ${[...new Set(inputs.map((l) => l.name))].join('; ')}`,
      url: 'https://creativecommons.org/publicdomain/zero/1.0/',
      attribution: [...new Set(inputs.map((l) => l.attribution))].join(' · '),
      redistribution: terms === 'restricted' ? 'statistics-only' : 'full',
    };
  }
  const terms = def.terms ?? 'restricted';
  const source = def.source!;
  const owner = def.publisher.replace(/ via .*$/, '');
  let url: string;
  let attribution: string;
  switch (source.provider) {
    case 'fred':
      url = `https://fred.stlouisfed.org/series/${source.seriesId}`;
      attribution = `${owner}, ${def.name} [${source.seriesId}], retrieved from FRED, Federal Reserve Bank of St. Louis; ${url}`;
      break;
    case 'treasury': {
      const dataset = TREASURY_DATASETS[source.dataset]!;
      url = dataset.url;
      attribution = `U.S. Department of the Treasury, Bureau of the Fiscal Service, ${dataset.title}; ${url}`;
      break;
    }
    case 'nyfed':
      url = NYFED_PAGES[source.dataset]!;
      attribution = `Federal Reserve Bank of New York, ${def.name}; ${url}`;
      break;
    case 'prices':
      // Assumed: the chart source states no licence for its quotes; treated as restricted (served only as statistics).
      url = `https://finance.yahoo.com/quote/${encodeURIComponent(source.symbol)}`;
      attribution = `${owner}, ${def.name}, daily close from the market-price chart source`;
      break;
  }
  return {
    terms,
    name: TERMS_NAME[terms],
    url,
    attribution,
    redistribution: terms === 'restricted' ? 'statistics-only' : 'full',
  };
}

/** The fetched series a derived series is ultimately computed from. */
function fetchedInputs(def: SeriesDef): string[] {
  if (def.kind !== 'derived') return [def.id];
  return [...new Set(formulaInputs(def.formula!).flatMap((id) => fetchedInputs(seriesDef(id)!)))];
}
