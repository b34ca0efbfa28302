/**
 * The catalog's data: every series the service tracks, as one declarative table. It is one file on purpose —
 * the whole catalog reads top to bottom, group by group — which is why it is longer than the others.
 *
 * Two kinds of entries:
 * - `fetched` series come from one provider request family and are stored as fetched, already converted
 *   into the entry's documented `unit` (the provider's own unit and the conversion factor are recorded here).
 * - `derived` series are recomputed from stored series after each fetch, by the formula named in `formula`.
 *
 * INDICATOR_IDS lists the public indicator ids of the API contract; the others are market assets or
 * auxiliary/benchmark series the model and the lens read.
 */

export type Unit =
  | 'usd_billions'
  | 'eur_billions'
  | 'jpy_trillions'
  | 'percent'
  | 'percent_of_gdp'
  | 'bps'
  | 'index'
  | 'usd';

export type Frequency = 'daily' | 'weekly' | 'monthly' | 'quarterly';

export type Group = 'policy' | 'funding' | 'credit' | 'risk' | 'context' | 'asset' | 'benchmark';

/**
 * Upstream terms of use, as FRED's series notes and the providers state them:
 * - `public-domain`: U.S. government works and data published as public information (Federal Reserve Board,
 *   Treasury, BEA); FRED asks for a citation;
 * - `citation-required`: copyrighted, reuse allowed with the attribution (e.g. SOFR, VIX, NFCI, STLFSI4 on FRED);
 * - `restricted`: reproduction prohibited without the owner's permission (ICE BofA indices, S&P 500 on FRED).
 */
export const LICENSE_TERMS = ['public-domain', 'citation-required', 'restricted'] as const;
export type LicenseTerms = (typeof LICENSE_TERMS)[number];

/** A plausible range in the catalog unit, applying to observations dated on or after `from` (until the next). */
export interface PlausibleRange {
  from: string;
  min: number;
  max: number;
}

const always = (min: number, max: number): PlausibleRange[] => [{ from: '1900-01-01', min, max }];

/** How a fetched series is requested from its provider. */
export type SourceSpec =
  | { provider: 'fred'; seriesId: string }
  | { provider: 'treasury'; dataset: 'dts-tga' | 'debt-to-penny' | 'mts-deficit' | 'bills-share' }
  | { provider: 'nyfed'; dataset: 'sofr' | 'srf' | 'effr'; startDate: string }
  | { provider: 'prices'; symbol: string };

/**
 * The formulas derived series are computed with (implemented in src/ingest/derive.ts). Every field but `kind` names
 * input series: formulaInputs (catalog.ts) reads them in the order written.
 */
export type Formula =
  | { kind: 'splice'; primary: string; fallback: string }
  | { kind: 'net-liquidity'; fedBalanceSheet: string; tga: string; onrrp: string }
  | { kind: 'spread-bps'; minuend: string; subtrahend: string | string[] }
  | { kind: 'ratio-percent'; numerator: string[]; denominator: string }
  /** On each date of the first term, the sum of every term as of that date (a date missing any term is left out). */
  | { kind: 'sum'; terms: string[] }
  /** On each date of `base`, base minus each of `less` as of that date (0 where one has no recent print). */
  | { kind: 'less'; base: string; less: string[] };

export interface SeriesDef {
  id: string;
  name: string;
  description: string;
  unit: Unit;
  frequency: Frequency;
  group: Group;
  /** Whether a rising value means tighter dollar liquidity (null where direction has no liquidity meaning). */
  risingIsTighter: boolean | null;
  /**
   * Values outside these ranges (in `unit`, by the era of their date) are implausible: the guard against unit
   * changes on a first load, when there is no earlier vintage to compare with. Ranges follow the series' real
   * history (reserves were $3 bn in 2006 but never below $100 bn since 2009), so a vintage a thousand times off
   * falls outside them.
   */
  plausible: readonly PlausibleRange[];
  /** Upstream terms of use (fetched series); a derived series takes the strictest terms of its inputs. */
  terms?: LicenseTerms;
  /** The provider leaves days without activity blank: a missing print means zero (ON RRP, standing repo). */
  blankMeansZero?: boolean;
  kind: 'fetched' | 'derived';
  source?: SourceSpec;
  /** Unit the provider publishes in, and the factor that converts it into `unit`. */
  providerUnit?: string;
  scale?: number;
  formula?: Formula;
  /** Human-readable formula for derived series and notes, published in the API. */
  formulaText?: string;
  /**
   * Days from an observation's date until it is published (H.4.1: Wednesday → Thursday; DTS: T+1; the broad
   * dollar index about a week; H.8 nine days). Defaults: see publicationLagDays().
   */
  lagDays?: number;
  /** Days after which the latest observation counts as stale (defaults by frequency: see STALE_AFTER_DAYS). */
  staleAfterDays?: number;
  /** Name of the publishing institution, for attribution. */
  publisher: string;
}

/** The units most providers publish in, with the factor that converts each into the catalog `unit`. */
const MILLIONS_USD = { unit: 'usd_billions', providerUnit: 'millions of USD', scale: 1e-3 } as const;
const BILLIONS_USD = { unit: 'usd_billions', providerUnit: 'billions of USD', scale: 1 } as const;
const PERCENT = { unit: 'percent', providerUnit: 'percent', scale: 1 } as const;
const INDEX = { unit: 'index', providerUnit: 'index', scale: 1 } as const;

const BOARD = 'Board of Governors of the Federal Reserve System via FRED';

const fetchedFrom = (source: SourceSpec, publisher: string, terms: LicenseTerms) =>
  ({ kind: 'fetched', source, terms, publisher }) as const;

/** A series fetched from FRED: public domain and published by the Board unless stated otherwise. */
const fromFred = (seriesId: string, publisher = BOARD, terms: LicenseTerms = 'public-domain') =>
  fetchedFrom({ provider: 'fred', seriesId }, publisher, terms);

/** A dataset of the Treasury's Fiscal Data API (public domain). */
const fiscalData = (dataset: (SourceSpec & { provider: 'treasury' })['dataset']) =>
  fetchedFrom({ provider: 'treasury', dataset }, 'U.S. Treasury, Fiscal Data', 'public-domain');

/** A dataset of the New York Fed's Markets API (citation required), from its first date. */
const nyFed = (dataset: 'sofr' | 'srf' | 'effr', startDate: string) =>
  fetchedFrom({ provider: 'nyfed', dataset, startDate }, 'Federal Reserve Bank of New York', 'citation-required');

/** A weekly H.4.1 line (Wednesday level or week average) from FRED, published in millions of USD. */
const h41 = (seriesId: string) => ({ frequency: 'weekly', ...MILLIONS_USD, ...fromFred(seriesId) }) as const;

/** A daily rate in percent from FRED. */
const dailyRate = (...source: Parameters<typeof fromFred>) =>
  ({ frequency: 'daily', ...PERCENT, ...fromFred(...source) }) as const;

/** A weekly H.8 line (commercial banks) from FRED, in billions of USD, published nine days after its date. */
const h8 = (seriesId: string) => ({ frequency: 'weekly', ...BILLIONS_USD, lagDays: 9, ...fromFred(seriesId) }) as const;

export const CATALOG: readonly SeriesDef[] = [
  // ── Policy / reserves ──────────────────────────────────────────────────────────────────────────────────────
  {
    id: 'fed-balance-sheet',
    name: 'Federal Reserve total assets',
    description: 'Total assets of the Federal Reserve (H.4.1, Wednesday level).',
    ...h41('WALCL'),
    group: 'policy',
    risingIsTighter: false,
    plausible: always(500, 20_000),
  },
  {
    id: 'tga-dts',
    name: 'TGA closing balance (Daily Treasury Statement)',
    description:
      'Treasury General Account closing balance from the Daily Treasury Statement, Table I (business days, T+1).',
    ...MILLIONS_USD,
    frequency: 'daily',
    group: 'context',
    risingIsTighter: true,
    plausible: always(1, 3_000),
    ...fiscalData('dts-tga'),
  },
  {
    id: 'tga-wednesday',
    name: 'TGA, Wednesday level (H.4.1)',
    description: 'Treasury General Account at the Federal Reserve, Wednesday level (FRED WDTGAL).',
    ...h41('WDTGAL'),
    group: 'context',
    risingIsTighter: true,
    plausible: always(1, 3_000),
  },
  {
    id: 'tga',
    name: 'Treasury General Account',
    description:
      "The Treasury's cash account at the Fed. A rising TGA drains bank reserves. Daily from the Daily Treasury Statement; before and after its coverage, the H.4.1 Wednesday level.",
    unit: 'usd_billions',
    frequency: 'daily',
    group: 'policy',
    risingIsTighter: true,
    plausible: always(0, 3_000),
    kind: 'derived',
    formula: { kind: 'splice', primary: 'tga-dts', fallback: 'tga-wednesday' },
    formulaText:
      'Daily Treasury Statement closing balance where it exists; H.4.1 Wednesday level (WDTGAL) on dates before the first or after the last DTS date.',
    publisher: 'U.S. Treasury, Fiscal Data; Federal Reserve via FRED',
  },
  {
    id: 'onrrp',
    name: 'Overnight reverse repo (ON RRP)',
    description: 'Overnight reverse repurchase agreements at the New York Fed (Treasury securities sold, daily).',
    ...BILLIONS_USD,
    frequency: 'daily',
    group: 'policy',
    risingIsTighter: true,
    plausible: always(0, 3_000),
    ...fromFred('RRPONTSYD', 'Federal Reserve Bank of New York via FRED', 'citation-required'),
    blankMeansZero: true,
    lagDays: 0,
  },
  {
    id: 'net-liquidity',
    name: 'Net liquidity',
    description:
      'Fed balance sheet minus the Treasury General Account minus the ON RRP: the central-bank liquidity left for markets.',
    unit: 'usd_billions',
    frequency: 'daily',
    group: 'context',
    risingIsTighter: false,
    plausible: always(-5_000, 20_000),
    kind: 'derived',
    formula: { kind: 'net-liquidity', fedBalanceSheet: 'fed-balance-sheet', tga: 'tga', onrrp: 'onrrp' },
    formulaText:
      'net-liquidity = WALCL − TGA − ON RRP (USD billions), on every date any input prints; each input is its latest value on or before that date (WALCL at most 10 days old, TGA 10 days, ON RRP 7 days; a missing ON RRP print counts as 0 because FRED leaves days without an operation blank, but only up to its last print: after it the date is left out).',
    publisher: 'Derived from Federal Reserve, U.S. Treasury and New York Fed data',
  },
  {
    id: 'bank-reserves',
    name: 'Bank reserves',
    description: 'Reserve balances with Federal Reserve Banks (H.4.1, week average).',
    ...h41('WRESBAL'),
    group: 'context',
    risingIsTighter: false,
    plausible: [...always(1, 10_000), { from: '2009-01-01', min: 100, max: 10_000 }],
  },
  {
    id: 'bank-assets',
    name: 'Commercial bank total assets',
    description: 'Total assets of all commercial banks (H.8, seasonally adjusted).',
    ...h8('TLAACBW027SBOG'),
    group: 'context',
    risingIsTighter: null,
    plausible: always(300, 60_000),
  },
  {
    id: 'bank-cash-assets',
    name: 'Commercial bank cash assets',
    description: 'Cash assets of all commercial banks (H.8, seasonally adjusted).',
    ...h8('CASACBW027SBOG'),
    group: 'context',
    risingIsTighter: false,
    plausible: always(20, 20_000),
  },
  {
    id: 'reserve-buffer',
    name: 'Reserve buffer',
    description: 'Bank reserves plus ON RRP as a share of commercial bank assets: how much slack the system holds.',
    unit: 'percent',
    frequency: 'weekly',
    group: 'context',
    risingIsTighter: false,
    plausible: always(0, 100),
    kind: 'derived',
    formula: { kind: 'ratio-percent', numerator: ['bank-reserves', 'onrrp'], denominator: 'bank-assets' },
    formulaText:
      'reserve-buffer = (WRESBAL + ON RRP) / TLAACBW027SBOG × 100, on each bank-reserves date, inputs as of that date.',
    publisher: 'Derived from Federal Reserve data',
  },
  {
    id: 'reserve-ratio',
    name: 'Reserves to bank assets',
    description:
      "Reserve balances as a share of commercial-bank total assets: how ample reserves are in the Fed's own terms (abundant above about 12–13 %; the September 2019 repo spike came near 8 %).",
    unit: 'percent',
    frequency: 'weekly',
    group: 'policy',
    risingIsTighter: false,
    plausible: always(0, 100),
    kind: 'derived',
    formula: { kind: 'ratio-percent', numerator: ['bank-reserves'], denominator: 'bank-assets' },
    formulaText: 'reserve-ratio = WRESBAL / TLAACBW027SBOG × 100, on each bank-reserves date, inputs as of that date.',
    publisher: 'Derived from Federal Reserve data',
  },
  {
    id: 'bank-cash-buffer',
    name: 'Bank cash buffer',
    description: 'Cash assets as a share of total assets of commercial banks.',
    unit: 'percent',
    frequency: 'weekly',
    group: 'credit',
    risingIsTighter: false,
    plausible: always(0, 100),
    kind: 'derived',
    formula: { kind: 'ratio-percent', numerator: ['bank-cash-assets'], denominator: 'bank-assets' },
    formulaText: 'bank-cash-buffer = CASACBW027SBOG / TLAACBW027SBOG × 100.',
    publisher: 'Derived from Federal Reserve data',
  },
  // ── Funding / plumbing ────────────────────────────────────────────────────────────────────────────────────
  {
    id: 'sofr',
    name: 'SOFR',
    description: 'Secured Overnight Financing Rate, from the New York Fed Markets API.',
    ...PERCENT,
    frequency: 'daily',
    group: 'context',
    risingIsTighter: true,
    plausible: always(-1, 25),
    ...nyFed('sofr', '2018-04-02'),
  },
  {
    id: 'iorb',
    name: 'Interest on reserve balances',
    description: 'IORB rate (from 2021-07-29).',
    ...dailyRate('IORB'),
    group: 'context',
    risingIsTighter: null,
    plausible: always(-1, 25),
    lagDays: 0,
  },
  {
    id: 'ioer',
    name: 'Interest on excess reserves (discontinued)',
    description: 'IOER rate, 2008-10-09 to 2021-07-28, replaced by IORB.',
    ...dailyRate('IOER'),
    group: 'context',
    risingIsTighter: null,
    plausible: always(-1, 25),
    lagDays: 0,
  },
  {
    id: 'sofr-iorb',
    name: 'SOFR minus IORB',
    description:
      'Repo rate over the rate the Fed pays on reserves. Above zero, cash is scarce in the repo market relative to reserves.',
    unit: 'bps',
    frequency: 'daily',
    group: 'funding',
    risingIsTighter: true,
    plausible: always(-500, 1_000),
    kind: 'derived',
    formula: { kind: 'spread-bps', minuend: 'sofr', subtrahend: ['iorb', 'ioer'] },
    formulaText:
      'sofr-iorb = (SOFR − IORB) × 100 bps on each SOFR date; IOER stands in for IORB before 2021-07-29. The administered rate is taken as of the same date.',
    publisher: 'Derived from New York Fed and Federal Reserve data',
  },
  {
    id: 'effr-iorb',
    name: 'EFFR minus IORB',
    description:
      "Effective federal funds rate over the rate the Fed pays on reserves: where unsecured overnight funding trades against the Fed's floor. Well below zero while reserves are abundant; near or above zero as they grow scarce.",
    unit: 'bps',
    frequency: 'daily',
    group: 'funding',
    risingIsTighter: true,
    plausible: always(-500, 1_000),
    kind: 'derived',
    formula: { kind: 'spread-bps', minuend: 'effr', subtrahend: ['iorb', 'ioer'] },
    formulaText:
      'effr-iorb = (EFFR − IORB) × 100 bps on each EFFR date; IOER stands in for IORB before 2021-07-29 (no value before IOER began on 2008-10-09). The administered rate is taken as of the same date.',
    publisher: 'Derived from New York Fed and Federal Reserve data',
  },
  {
    id: 'srf',
    name: 'Standing repo facility usage',
    description:
      'Daily amount accepted in the New York Fed repo operations (standing repo facility; morning and afternoon operations summed, small-value exercises excluded).',
    unit: 'usd_billions',
    frequency: 'daily',
    group: 'funding',
    risingIsTighter: true,
    plausible: always(0, 2_000),
    blankMeansZero: true,
    ...nyFed('srf', '2021-07-29'),
    providerUnit: 'USD',
    scale: 1e-9,
  },
  {
    id: 'fed-swap-lines',
    name: 'Central bank liquidity swaps',
    description: 'U.S. dollar liquidity swaps outstanding with foreign central banks (H.4.1, Wednesday level).',
    ...h41('SWPT'),
    group: 'context',
    risingIsTighter: true,
    plausible: always(0, 2_000),
  },
  {
    id: 'fed-repo',
    name: 'Federal Reserve repurchase agreements',
    description:
      'Repurchase agreements held by the Federal Reserve (H.4.1, Wednesday level): its repo operations, including the standing repo facility. Routine open-market operations before October 2008; a dollar backstop since.',
    ...h41('WORAL'),
    group: 'context',
    risingIsTighter: true,
    plausible: always(0, 2_000),
  },
  // The Fed's lending facilities (H.4.1, Wednesday levels). FRED carries zeros for weeks a program did not exist
  // (H41RESPPALDKNWW before 2023-03-15: see ../shared/data/real/MANIFEST.md).
  {
    id: 'discount-window',
    name: 'Discount window: primary credit',
    description:
      'Primary credit outstanding: loans to sound banks at the discount window, the Fed’s standing lender of last resort (H.4.1, Wednesday level).',
    ...h41('WLCFLPCL'),
    group: 'context',
    risingIsTighter: true,
    plausible: always(0, 2_000),
  },
  {
    id: 'btfp',
    name: 'Bank Term Funding Program',
    description:
      'Loans outstanding under the Bank Term Funding Program (opened 2023-03-12 after SVB failed; no new loans after 2024-03-11), net (H.4.1, Wednesday level).',
    ...h41('H41RESPPALDKNWW'),
    group: 'context',
    risingIsTighter: true,
    plausible: always(0, 2_000),
  },
  {
    id: 'other-credit',
    name: 'Other credit extensions',
    description:
      'Other credit extensions outstanding (H.4.1, Wednesday level): in 2023 the loans to the FDIC’s bridge banks for SVB and Signature.',
    ...h41('WLCFOCEL'),
    group: 'context',
    risingIsTighter: true,
    plausible: always(0, 2_000),
  },
  {
    id: 'fed-loans',
    name: 'Federal Reserve loans (total)',
    description:
      'All loans on the Fed’s balance sheet (H.4.1, Wednesday level): primary, secondary and seasonal credit, the PPPLF, the BTFP and other credit extensions.',
    ...h41('WLCFLL'),
    group: 'context',
    risingIsTighter: true,
    plausible: always(0, 3_000),
  },
  {
    id: 'ppplf',
    name: 'Paycheck Protection Program Liquidity Facility',
    description:
      'Loans outstanding under the PPPLF (2020–2023: lending to banks against their Paycheck Protection Program loans), net (H.4.1, Wednesday level).',
    ...h41('H41RESPPALDJNWW'),
    group: 'context',
    risingIsTighter: null,
    plausible: always(0, 2_000),
  },
  {
    id: 'fed-lending',
    name: 'Fed backstop lending to banks',
    description:
      'Primary credit + the BTFP + other credit extensions: the Fed’s emergency lending to banks as one amount (the BTFP refinanced discount-window and bridge-bank loans, so only their sum shows new money).',
    unit: 'usd_billions',
    frequency: 'weekly',
    group: 'context',
    risingIsTighter: true,
    plausible: always(0, 3_000),
    kind: 'derived',
    formula: { kind: 'sum', terms: ['discount-window', 'btfp', 'other-credit'] },
    formulaText:
      'fed-lending = WLCFLPCL + H41RESPPALDKNWW + WLCFOCEL (USD billions), on each primary-credit date; the other two as of that date (at most 10 days old), the date left out when one is missing.',
    publisher: 'Derived from Federal Reserve data',
  },
  {
    id: 'core-net-liquidity',
    name: 'Net liquidity less the Fed’s backstop lending',
    description:
      'Net liquidity (WALCL − TGA − ON RRP) less the swap lines, the Fed’s repo and its lending to banks: the part of the Fed’s balance sheet that is not crisis lending, so that an emergency never reads as easing.',
    unit: 'usd_billions',
    frequency: 'daily',
    group: 'context',
    risingIsTighter: false,
    plausible: always(-5_000, 20_000),
    kind: 'derived',
    formula: { kind: 'less', base: 'net-liquidity', less: ['fed-swap-lines', 'fed-repo', 'fed-lending'] },
    formulaText:
      'core-net-liquidity = net-liquidity − SWPT − WORAL − fed-lending (USD billions), on each net-liquidity date; each backstop as of that date (its latest print at most 10 days old), 0 where it has none (assumed unused: before its first print or after its series ends).',
    publisher: 'Derived from Federal Reserve, U.S. Treasury and New York Fed data',
  },
  {
    id: 'fima-repo-facility',
    name: 'FIMA repo facility',
    description: 'Repurchase agreements with foreign official accounts (FIMA repo facility, H.4.1, Wednesday level).',
    ...h41('H41RESPPALGTRFNWW'),
    group: 'context',
    risingIsTighter: true,
    plausible: always(0, 2_000),
  },
  {
    id: 'foreign-repo-pool',
    name: 'Foreign repo pool',
    description:
      'Reverse repurchase agreements with foreign official and international accounts (H.4.1, Wednesday level).',
    ...h41('WLRRAFOIAL'),
    group: 'context',
    risingIsTighter: true,
    plausible: [...always(1, 2_000), { from: '2015-01-01', min: 50, max: 2_000 }],
  },
  {
    id: 'cp-rate-90d',
    name: '90-day AA financial commercial paper rate',
    description: '90-day AA financial commercial paper interest rate.',
    ...dailyRate('RIFSPPFAAD90NB'),
    group: 'context',
    risingIsTighter: true,
    plausible: always(-1, 25),
  },
  {
    id: 'tbill-3m',
    name: '3-month Treasury bill rate',
    description: '3-month Treasury bill secondary market rate.',
    ...dailyRate('DTB3'),
    group: 'context',
    risingIsTighter: null,
    plausible: always(-1, 25),
  },
  {
    id: 'cp-tbill-spread',
    name: 'Commercial paper minus T-bill spread',
    description: 'Bank funding premium: 90-day AA financial CP over the 3-month T-bill.',
    unit: 'bps',
    frequency: 'daily',
    group: 'context',
    risingIsTighter: true,
    plausible: always(-500, 1_000),
    kind: 'derived',
    formula: { kind: 'spread-bps', minuend: 'cp-rate-90d', subtrahend: 'tbill-3m' },
    formulaText: 'cp-tbill-spread = (RIFSPPFAAD90NB − DTB3) × 100 bps, on dates both print.',
    publisher: 'Derived from Federal Reserve data',
  },
  // ── Credit / risk ─────────────────────────────────────────────────────────────────────────────────────────
  {
    id: 'hy-spread',
    name: 'High-yield credit spread',
    description: 'ICE BofA US High Yield Index option-adjusted spread.',
    unit: 'bps',
    frequency: 'daily',
    group: 'credit',
    risingIsTighter: true,
    plausible: always(50, 5_000),
    ...fromFred('BAMLH0A0HYM2', 'ICE Data Indices via FRED', 'restricted'),
    providerUnit: 'percent',
    scale: 100,
  },
  {
    id: 'ig-spread',
    name: 'Investment-grade credit spread',
    description: 'ICE BofA US Corporate Index option-adjusted spread.',
    unit: 'bps',
    frequency: 'daily',
    group: 'context',
    risingIsTighter: true,
    plausible: always(10, 2_000),
    ...fromFred('BAMLC0A0CM', 'ICE Data Indices via FRED', 'restricted'),
    providerUnit: 'percent',
    scale: 100,
  },
  {
    id: 'vix',
    name: 'VIX',
    description: 'CBOE Volatility Index, daily close.',
    ...INDEX,
    frequency: 'daily',
    group: 'risk',
    risingIsTighter: true,
    plausible: always(5, 150),
    ...fromFred('VIXCLS', 'Chicago Board Options Exchange via FRED', 'citation-required'),
  },
  {
    id: 'real-yield-10y',
    name: '10-year real yield',
    description: '10-year Treasury inflation-indexed security, constant maturity yield.',
    ...dailyRate('DFII10'),
    group: 'risk',
    risingIsTighter: true,
    plausible: always(-5, 10),
  },
  {
    id: 'dollar-index',
    name: 'Broad dollar index',
    description: 'Nominal broad U.S. dollar index (goods and services), Jan 2006 = 100.',
    ...INDEX,
    frequency: 'daily',
    group: 'risk',
    risingIsTighter: true,
    plausible: always(50, 250),
    ...fromFred('DTWEXBGS'),
    staleAfterDays: 14,
    lagDays: 7,
  },
  // ── Global and fiscal context ─────────────────────────────────────────────────────────────────────────────
  {
    id: 'foreign-treasury-holdings',
    name: 'Foreign holdings of Treasuries',
    description: 'Federal debt held by foreign and international investors (quarterly).',
    ...BILLIONS_USD,
    frequency: 'quarterly',
    group: 'context',
    risingIsTighter: false,
    plausible: always(5, 30_000),
    ...fromFred('FDHBFIN', 'U.S. Treasury via FRED'),
  },
  {
    id: 'ecb-balance-sheet',
    name: 'ECB balance sheet',
    description: 'Total assets of the Eurosystem (weekly financial statement), in euros.',
    unit: 'eur_billions',
    frequency: 'weekly',
    group: 'context',
    risingIsTighter: false,
    plausible: always(300, 20_000),
    ...fromFred('ECBASSETSW', 'European Central Bank via FRED', 'citation-required'),
    providerUnit: 'millions of EUR',
    scale: 1e-3,
  },
  {
    id: 'boj-balance-sheet',
    name: 'BoJ balance sheet',
    description: 'Total assets of the Bank of Japan (monthly), in yen.',
    unit: 'jpy_trillions',
    frequency: 'monthly',
    group: 'context',
    risingIsTighter: false,
    plausible: always(30, 2_000),
    ...fromFred('JPNASSETS', 'Bank of Japan via FRED', 'citation-required'),
    providerUnit: '100 millions of JPY',
    scale: 1e-4,
  },
  {
    id: 'm2',
    name: 'M2 money stock',
    description: 'M2 money stock, seasonally adjusted (monthly).',
    ...BILLIONS_USD,
    frequency: 'monthly',
    group: 'context',
    risingIsTighter: false,
    plausible: always(200, 100_000),
    ...fromFred('M2SL'),
  },
  {
    id: 'debt-penny',
    name: 'Total public debt outstanding (Debt to the Penny)',
    description: 'Total public debt outstanding, daily, from Debt to the Penny.',
    unit: 'usd_billions',
    frequency: 'daily',
    group: 'context',
    risingIsTighter: null,
    plausible: always(1_000, 200_000),
    ...fiscalData('debt-to-penny'),
    providerUnit: 'USD',
    scale: 1e-9,
  },
  {
    id: 'debt-quarterly',
    name: 'Federal debt: total public debt (quarterly)',
    description: 'Total public debt at quarter end (FRED GFDEBTN).',
    ...MILLIONS_USD,
    frequency: 'quarterly',
    group: 'context',
    risingIsTighter: null,
    plausible: always(100, 200_000),
    ...fromFred('GFDEBTN', 'U.S. Treasury via FRED'),
  },
  {
    id: 'national-debt',
    name: 'National debt',
    description:
      'Total public debt outstanding: daily from Debt to the Penny, quarterly (GFDEBTN) outside its coverage.',
    unit: 'usd_billions',
    frequency: 'daily',
    group: 'context',
    risingIsTighter: null,
    plausible: always(100, 200_000),
    kind: 'derived',
    formula: { kind: 'splice', primary: 'debt-penny', fallback: 'debt-quarterly' },
    formulaText:
      'Debt to the Penny total public debt outstanding where it exists; FRED GFDEBTN (quarter end) on dates before the first or after the last Debt to the Penny date.',
    publisher: 'U.S. Treasury',
  },
  {
    id: 'federal-interest-payments',
    name: 'Federal interest payments',
    description:
      'Federal government current expenditures: interest payments (quarterly, seasonally adjusted annual rate).',
    unit: 'usd_billions',
    frequency: 'quarterly',
    group: 'context',
    risingIsTighter: null,
    plausible: [...always(1, 10_000), { from: '2000-01-01', min: 100, max: 10_000 }],
    ...fromFred('A091RC1Q027SBEA', 'U.S. Bureau of Economic Analysis via FRED'),
    providerUnit: 'billions of USD (SAAR)',
    scale: 1,
  },
  {
    id: 'federal-deficit',
    name: 'Federal deficit (monthly)',
    description:
      'Monthly federal deficit from the Monthly Treasury Statement (Table 1), positive = deficit, negative = surplus: the opposite sign of FRED MTSDS133FMS.',
    unit: 'usd_billions',
    frequency: 'monthly',
    group: 'context',
    risingIsTighter: null,
    plausible: always(-2_000, 2_000),
    ...fiscalData('mts-deficit'),
    // MTS Table 1 current_month_dfct_sur_amt is deficit-positive (= gross outlays − gross receipts), in dollars.
    providerUnit: 'USD (deficit positive)',
    scale: 1e-9,
  },
  {
    id: 'debt-to-gdp',
    name: 'Federal debt to GDP',
    description: 'Total public debt as a percent of GDP (quarterly).',
    unit: 'percent_of_gdp',
    frequency: 'quarterly',
    group: 'context',
    risingIsTighter: null,
    plausible: always(5, 400),
    ...fromFred('GFDEGDQ188S', 'Federal Reserve Bank of St. Louis / OMB via FRED'),
    providerUnit: 'percent of GDP',
    scale: 1,
  },
  // ── Rates for the lens ────────────────────────────────────────────────────────────────────────────────────
  {
    id: 'treasury-2y',
    name: '2-year Treasury yield',
    description: 'Market yield on 2-year Treasuries, constant maturity.',
    ...dailyRate('DGS2'),
    group: 'context',
    risingIsTighter: true,
    plausible: always(-2, 25),
  },
  {
    id: 'treasury-10y',
    name: '10-year Treasury yield',
    description: 'Market yield on 10-year Treasuries, constant maturity.',
    ...dailyRate('DGS10'),
    group: 'context',
    risingIsTighter: true,
    plausible: always(-2, 25),
  },
  {
    id: 'effr',
    name: 'Effective federal funds rate',
    description: 'Effective federal funds rate (business days).',
    ...dailyRate('EFFR', 'Federal Reserve Bank of New York via FRED', 'citation-required'),
    group: 'context',
    risingIsTighter: true,
    plausible: always(-1, 25),
  },
  {
    id: 'term-premium-10y',
    name: '10-year term premium (Kim–Wright)',
    description: 'Kim–Wright 10-year zero-coupon term premium.',
    ...dailyRate('THREEFYTP10'),
    group: 'context',
    risingIsTighter: true,
    plausible: always(-5, 10),
  },
  {
    id: 'bills-share',
    name: 'Bills share of marketable Treasury debt',
    description:
      'Treasury bills outstanding as a share of total marketable Treasury debt, from the Monthly Statement of the Public Debt (Table I).',
    unit: 'percent',
    frequency: 'monthly',
    group: 'context',
    risingIsTighter: null,
    plausible: always(1, 60),
    lagDays: 35,
    ...fiscalData('bills-share'),
    providerUnit: 'percent (computed from millions of USD)',
    scale: 1,
  },
  // ── Benchmarks ────────────────────────────────────────────────────────────────────────────────────────────
  {
    id: 'nfci',
    name: 'Chicago Fed NFCI',
    description: 'National Financial Conditions Index (0 = average; positive = tighter).',
    ...INDEX,
    frequency: 'weekly',
    group: 'benchmark',
    risingIsTighter: true,
    plausible: always(-5, 15),
    ...fromFred('NFCI', 'Federal Reserve Bank of Chicago via FRED', 'citation-required'),
    lagDays: 5,
  },
  {
    id: 'stlfsi4',
    name: 'St. Louis Fed Financial Stress Index',
    description: 'STLFSI4 (0 = normal stress; positive = more stress).',
    ...INDEX,
    frequency: 'weekly',
    group: 'benchmark',
    risingIsTighter: true,
    plausible: always(-5, 30),
    ...fromFred('STLFSI4', 'Federal Reserve Bank of St. Louis via FRED', 'citation-required'),
    lagDays: 6,
  },
  // ── Market assets ─────────────────────────────────────────────────────────────────────────────────────────
  // Prices come from FRED where a keyless public series exists; the undocumented chart source refuses scripted
  // clients (HTTP 429, plain text) and is kept only for gold, which FRED no longer carries (LBMA fixes left it
  // in 2022). None of these is served as a series: they feed the correlation statistics only.
  {
    id: 'spx',
    name: 'S&P 500',
    description: 'S&P 500 index, daily close (FRED serves the last 10 years).',
    unit: 'index',
    frequency: 'daily',
    group: 'asset',
    risingIsTighter: null,
    plausible: always(100, 100_000),
    ...fromFred('SP500', 'S&P Dow Jones Indices LLC via FRED', 'restricted'),
    providerUnit: 'index points',
    scale: 1,
  },
  {
    id: 'qqq',
    name: 'Nasdaq-100 (QQQ proxy)',
    description:
      'Nasdaq-100 index, daily close: the index the Invesco QQQ Trust tracks, used as its documented proxy (price returns; QQQ adds dividends and subtracts its 0.20 % fee).',
    unit: 'index',
    frequency: 'daily',
    group: 'asset',
    risingIsTighter: null,
    plausible: always(50, 200_000),
    ...fromFred('NASDAQ100', 'Nasdaq, Inc. via FRED', 'restricted'),
    providerUnit: 'index points',
    scale: 1,
  },
  {
    id: 'btc',
    name: 'Bitcoin (Coinbase)',
    description: 'Coinbase bitcoin price in U.S. dollars, daily (every calendar day).',
    unit: 'usd',
    frequency: 'daily',
    group: 'asset',
    risingIsTighter: null,
    plausible: always(10, 10_000_000),
    ...fromFred('CBBTCUSD', 'Coinbase via FRED', 'citation-required'),
    providerUnit: 'USD',
    scale: 1,
  },
  {
    id: 'gold',
    name: 'Gold (GLD)',
    description: 'SPDR Gold Shares (GLD) daily close, the gold price proxy, from the keyless chart source.',
    unit: 'usd',
    frequency: 'daily',
    group: 'asset',
    risingIsTighter: null,
    plausible: always(10, 5_000),
    terms: 'restricted',
    kind: 'fetched',
    source: { provider: 'prices', symbol: 'GLD' },
    providerUnit: 'USD per share',
    scale: 1,
    publisher: 'NYSE Arca via the market-price chart source',
  },
];

/** The indicator ids of the API contract, in the contract's order. */
export const INDICATOR_IDS = [
  'tga',
  'fed-balance-sheet',
  'onrrp',
  'sofr-iorb',
  'srf',
  'vix',
  'hy-spread',
  'real-yield-10y',
  'dollar-index',
  'bank-cash-buffer',
  'net-liquidity',
  'reserve-buffer',
  'bank-reserves',
  'fed-swap-lines',
  'fima-repo-facility',
  'foreign-repo-pool',
  'cp-tbill-spread',
  'foreign-treasury-holdings',
  'ecb-balance-sheet',
  'boj-balance-sheet',
  'm2',
  'national-debt',
  'federal-interest-payments',
  'federal-deficit',
  'debt-to-gdp',
] as const;

export type IndicatorId = (typeof INDICATOR_IDS)[number];
