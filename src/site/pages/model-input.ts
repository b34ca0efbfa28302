import { seriesUrl, withheldReason } from '../../publish/resources/series/catalog.ts';
import { INDICATOR_COUNT, isIndicatorId, providerSeriesId } from '../../timeseries/catalog.ts';
import { licenseOf } from '../../timeseries/licenses.ts';
import type { Observation } from '../../timeseries/observation.ts';
import type { SeriesDef } from '../../timeseries/series.ts';
import { type Block, type Inline, lead, type Page, paragraph, prose, table } from '../page/page.ts';
import { formatDate, formatValue, inputLinks } from '../site-data.ts';

/** Rows of the latest values shown (the JSON, CSV and xlsx hold them all). */
const LATEST_ROWS = 12;

/**
 * /indicators/{id} for a series outside the indicators — a model input (effr-iorb, reserve-ratio, fed-repo…)
 * or a benchmark: what it is, how it is derived, where it comes from, its terms, its latest values and its
 * downloads at /api/data/{id} (the model's drivers name these series, and the day pages link here).
 * Self-contained: the indicator pages (pages/indicator.ts) are left as they are.
 */
export function modelInputPage(
  def: SeriesDef,
  observations: readonly Observation[] | undefined,
  role: 'model input' | 'series',
): Page {
  const license = licenseOf(def);
  const withheld = license.redistribution !== 'full';
  const last = observations?.at(-1);
  const blocks: Block[] = [
    lead(def.description),
    prose(
      `A ${role} of this service, not one of its ${INDICATOR_COUNT} indicators: it has no chart here, but its data is served at \`/api/data/${def.id}\` with the windows, transforms and point-in-time answers of every series. How the model reads it: [the methodology](/methodology#2-1-inputs-which-series-and-how-the-derived-ones-are-aligned).`,
    ),
    table(['', ''], aboutRows(def, observations), `About ${def.name}`),
  ];
  if (withheld) {
    blocks.push(paragraph(`Values not offered: ${withheldReason(license)}`));
  } else if (last) {
    blocks.push(
      table(
        ['Date', 'Value'],
        observations!
          .slice(-LATEST_ROWS)
          .reverse()
          .map((o) => [[o.date], [formatValue(o.value, def.unit)]]),
        `The latest ${LATEST_ROWS} values of ${def.name}, newest first`,
      ),
    );
  }
  blocks.push({ kind: 'paragraph', inlines: dataLinks(def, withheld) });
  return {
    path: `/indicators/${def.id}`,
    title: def.name,
    description: `${def.name}: ${def.description}`,
    blocks,
  };
}

function aboutRows(def: SeriesDef, observations: readonly Observation[] | undefined): Inline[][][] {
  const license = licenseOf(def);
  const first = observations?.[0];
  const last = observations?.at(-1);
  const rows: Array<[string, Inline[]]> = [
    ['Id', [{ code: def.id }]],
    ['Unit, frequency', [`${def.unit}, ${def.frequency}`]],
    ['Publisher', [def.publisher]],
    ['Provider id', [providerSeriesId(def) ?? 'derived here']],
    ['Dates stored', [first && last ? `${formatDate(first.date)} to ${formatDate(last.date)}` : 'none yet']],
    ['Terms of use', [{ text: license.name, href: license.url }]],
    ['Cite as', [license.attribution]],
  ];
  if (def.formulaText) rows.push(['Formula', [def.formulaText]]);
  if (def.formula) rows.push(['Inputs', inputLinks(def.formula)]);
  return rows.map(([label, value]) => [[label], value]);
}

function dataLinks(def: SeriesDef, withheld: boolean): Inline[] {
  const json = seriesUrl('', def.id);
  if (withheld) return ['Data: ', { text: 'JSON', href: json }, ' (statistics and licence only; values withheld).'];
  const links: Inline[] = [
    'Data: ',
    { text: 'JSON', href: `/api/data/${def.id}` },
    ' · ',
    { text: 'CSV (max)', href: `/api/data/${def.id}.csv?days=4000` },
    ' · ',
    { text: 'xlsx', href: `/api/data/${def.id}.xlsx?days=4000` },
  ];
  if (isIndicatorId(def.id)) return links;
  return [...links, ' · ', { text: 'every series', href: '/api/series' }, '.'];
}
