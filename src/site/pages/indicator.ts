import type { IndicatorSummary } from '../../publish/resources/indicators.ts';
import { formulaInputs, seriesDef } from '../../timeseries/catalog.ts';
import type { Block, Inline, Page, Tone } from '../page.ts';
import { formatChange, formatDate, formatValue, type SiteData, unitLabel } from '../site-data.ts';
import { freshnessBadge } from './dashboard.ts';

/** The chart ranges offered on indicator pages (days). */
export const RANGES: Array<[number, string]> = [
  [90, '3 months'],
  [365, '1 year'],
  [1826, '5 years'],
  [4000, 'max (4,000 days)'],
];

export function indicatorPage(data: SiteData, item: IndicatorSummary, days: number): Page {
  const def = item.def;
  const blocks: Block[] = [{ kind: 'paragraph', inlines: [def.description] }];
  if (item.withheld) {
    blocks.push(
      {
        kind: 'paragraph',
        inlines: [
          { strong: 'Values withheld. ' },
          `The provider's terms prohibit reproducing this series (${item.license.name}), so this service publishes only statistics computed from it. See the values at the source: `,
          { text: item.license.url, href: item.license.url },
          '.',
        ],
      },
      {
        kind: 'stats',
        items: [
          ...(item.latestDate ? [{ label: 'Latest data', value: formatDate(item.latestDate) }] : []),
          ...(item.percentile5y !== null ? [{ label: 'Percentile (5y)', value: String(item.percentile5y) }] : []),
          freshnessStat(item),
        ],
      },
    );
  } else if (item.latest) {
    blocks.push({
      kind: 'stats',
      items: [
        { label: 'Latest', value: formatValue(item.latest.value, def.unit), note: formatDate(item.latest.date) },
        ...(item.change !== null && item.previous
          ? [
              {
                label: 'Change',
                value: formatChange(item.change, def.unit),
                note: `since ${formatDate(item.previous.date)}`,
              },
            ]
          : []),
        ...(item.zScore !== null ? [{ label: 'z-score (5y)', value: item.zScore.toFixed(2) }] : []),
        ...(item.percentile5y !== null ? [{ label: 'Percentile (5y)', value: String(item.percentile5y) }] : []),
        freshnessStat(item),
      ],
    });
    const rangeLabel = RANGES.find(([d]) => d === days)?.[1] ?? `${days} days`;
    blocks.push(
      {
        kind: 'image',
        src: `/charts/${def.id}.svg?days=${days}`,
        alt: `${def.name} over the last ${rangeLabel}, in ${unitLabel(def.unit)}`,
        width: 720,
        height: 300,
        caption: `Range: ${rangeLabel}. Embed: ${data.baseUrl}/charts/${def.id}.svg?days=${days}`,
      },
      {
        kind: 'paragraph',
        inlines: [
          'Range: ',
          ...RANGES.flatMap(([d, label], i) => [
            ...(i > 0 ? [' · '] : []),
            d === days
              ? { strong: label }
              : { text: label, href: `/indicators/${def.id}${d === 365 ? '' : `?days=${d}`}` },
          ]),
        ],
      },
    );
  } else {
    blocks.push({ kind: 'paragraph', inlines: ['No data has been stored for this series yet.'] });
  }
  blocks.push(
    { kind: 'heading', level: 2, text: 'Source and unit' },
    { kind: 'table', header: ['Field', 'Value'], rows: sourceRows(item) },
    { kind: 'heading', level: 2, text: 'Role in the model' },
    {
      kind: 'paragraph',
      inlines: item.scored
        ? [
            `Scored in the ${item.group} group of model ${data.model?.version ?? 'the current model'} (nominal weight ${item.weight.toFixed(3)}), read as ${item.transform}. See `,
            { text: 'the methodology', href: '/methodology' },
            '.',
          ]
        : [
            'Context series: shown and served, not scored in the regime. ',
            { text: 'Methodology', href: '/methodology' },
            '.',
          ],
    },
  );
  return { path: `/indicators/${def.id}`, title: def.name, description: def.description, blocks };
}

function sourceRows(item: IndicatorSummary): Inline[][][] {
  const def = item.def;
  const rows: Array<[string, Inline[]]> = [
    ['Series id', [{ code: def.id }]],
    ['Unit', [`${def.unit} (${unitLabel(def.unit)})`]],
    ['Frequency', [def.frequency]],
    ['Publisher', [def.publisher]],
    ['Terms of use', [{ text: item.license.name, href: item.license.url }]],
    ['Cite as', [item.license.attribution]],
  ];
  if (def.source?.provider === 'fred')
    rows.push([
      'FRED id',
      [{ text: def.source.seriesId, href: `https://fred.stlouisfed.org/series/${def.source.seriesId}` }],
    ]);
  if (def.formulaText) rows.push(['Formula', [def.formulaText]]);
  if (def.formula)
    rows.push([
      'Inputs',
      [
        formulaInputs(def.formula)
          .map((id) => seriesDef(id)?.name ?? id)
          .join(', '),
      ],
    ]);
  rows.push([
    'Rising means',
    [
      def.risingIsTighter === null
        ? 'no liquidity direction'
        : def.risingIsTighter
          ? 'tighter liquidity'
          : 'easier liquidity',
    ],
  ]);
  rows.push([
    'JSON',
    [
      { text: `/api/series/${def.id}`, href: `/api/series/${def.id}` },
      ...(item.withheld ? [' (statistics and licence only; values withheld)'] : []),
    ],
  ]);
  return rows.map(([label, value]) => [[label], value]);
}

/** The data's freshness on an indicator page: its state, its age, and when it would count as late. */
function freshnessStat(item: IndicatorSummary): { label: string; value: string; note: string; tone?: Tone } {
  const f = item.freshness;
  const badge = freshnessBadge(item);
  const note =
    f.ageDays === null
      ? (f.error ?? 'not fetched yet')
      : `data ${f.ageDays} day(s) old; published ${f.expectedLagDays} day(s) after its date; late after ${f.lateAfterDays}${f.error ? ` · ${f.error}` : ''}`;
  return { label: 'Freshness', value: badge.text, note, tone: badge.tone };
}
