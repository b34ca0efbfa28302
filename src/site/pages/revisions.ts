import type { IndicatorSummary } from '../../publish/resources/indicators.ts';
import type { VintagedSeries } from '../../timeseries/vintages.ts';
import { type Block, inlines, type Page, paragraph, table } from '../page/page.ts';
import { formatChange, formatDate, formatValue } from '../site-data.ts';

/** Rows shown: the newest revised dates first (the JSON and CSV hold them all). */
const MAX_ROWS = 200;

/**
 * /indicators/{id}/revisions: what this service has seen change in a series since it first stored it — each revised
 * date with its first value and every later one, when each was seen, and withdrawals — the page view of
 * /api/series/{id}/vintages (ALFRED's question: what did we know, and when?).
 */
export function revisionsPage(item: IndicatorSummary, vintaged: VintagedSeries | undefined): Page {
  const def = item.def;
  const path = `/indicators/${def.id}/revisions`;
  const links = inlines(
    `The full record: [JSON](/api/series/${def.id}/vintages?days=4000) · [CSV](/api/series/${def.id}/vintages.csv?days=4000) · [first releases only](/api/series/${def.id}/vintages?days=4000&view=first-release) · [back to ${def.name}](/indicators/${def.id}).`,
  );
  const page = (blocks: Block[]): Page => ({
    path,
    title: `${def.name}: revisions`,
    description: `Every revision of ${def.name} this service has seen, with when it saw each value.`,
    blocks: [...blocks, { kind: 'paragraph', inlines: links }],
  });
  if (item.withheld)
    return page([paragraph(`The values of ${def.name} are not reproduced here (${item.license.name}).`)]);
  if (!vintaged || vintaged.dates.length === 0)
    return page([paragraph('Nothing has been stored for this series yet.')]);
  const firstSeen = [...vintaged.firstSeen].sort()[0]!;
  const revised = [...vintaged.revisions.keys()].sort((a, b) => b - a);
  const withdrawn = revised.filter((i) => Number.isNaN(vintaged.revisions.get(i)!.at(-1)!.value)).length;
  const summary =
    revised.length === 0
      ? `No value of ${def.name} has been revised since this service first stored it (${formatDate(firstSeen)}): every date still has the value first seen.`
      : `Since this service first stored ${def.name} (${formatDate(firstSeen)}), ${revised.length.toLocaleString('en-US')} of its ${vintaged.dates.length.toLocaleString('en-US')} dates were revised${withdrawn ? `, ${withdrawn} of them withdrawn` : ''}.${revised.length > MAX_ROWS ? ` The newest ${MAX_ROWS} are shown.` : ''}`;
  const value = (v: number) => (Number.isNaN(v) ? 'withdrawn' : formatValue(v, def.unit));
  const rows = revised.slice(0, MAX_ROWS).map((i) => {
    const later = vintaged.revisions.get(i)!;
    const last = later.at(-1)!;
    const first = vintaged.firstValues[i]!;
    const change = Number.isNaN(last.value) ? '—' : formatChange(last.value - first, def.unit);
    return [
      [vintaged.dates[i]!],
      [`${value(first)} (seen ${formatDate(vintaged.firstSeen[i]!)})`],
      [later.map((v) => `${value(v.value)} (seen ${formatDate(v.seenAt)})`).join(' → ')],
      [change],
    ];
  });
  return page([
    paragraph(summary),
    ...(rows.length > 0
      ? [table(['Date', 'First value', 'Revised to', 'Change'], rows, `Revised dates of ${def.name}, newest first`)]
      : []),
  ]);
}
