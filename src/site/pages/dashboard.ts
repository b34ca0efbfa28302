import type { IndicatorSummary } from '../../publish/resources/indicators.ts';
import { everyInterval } from '../../timeseries/dates.ts';
import type { Block, Page, Tone } from '../page.ts';
import { formatChange, formatDate, formatValue, type SiteData } from '../site-data.ts';

const POSTURES = ['supportive', 'neutral', 'restrictive'];
const PULSES = ['easing', 'steady', 'tightening'];

export function dashboardPage(data: SiteData): Page {
  const blocks: Block[] = [];
  const regime = data.regime;
  if (regime) {
    const tone: Tone = regime.status === 'risk-off' ? 'bad' : regime.status === 'risk-on' ? 'good' : 'neutral';
    blocks.push(
      { kind: 'heading', level: 2, text: 'Liquidity regime' },
      {
        kind: 'image',
        src: '/charts/headline-gauge.svg',
        alt: `Headline gauge at ${regime.percentile5y} of 100 (${regime.status}); 0 is the loosest and 100 the tightest reading of the last five years.`,
        width: 320,
        height: 220,
        small: true,
      },
      {
        kind: 'stats',
        items: [
          {
            label: 'Headline (5-year percentile)',
            value: `${regime.percentile5y} / 100`,
            note: '≥ 80 tight · ≤ 20 loose',
            tone,
          },
          { label: 'Status', value: regime.status, tone },
          { label: 'Momentum', value: regime.momentum, note: '7-day change of the headline' },
          {
            label: 'Confidence',
            value: regime.confidence,
            note: `${regime.coverage.indicators} of ${regime.coverage.totalIndicators} indicators, ${regime.coverage.groups} of ${regime.coverage.totalGroups} groups`,
          },
          { label: 'Composite score', value: regime.compositeScore.toFixed(2), note: '+1 easy … −1 tight' },
          {
            label: 'Reading for',
            value: formatDate(regime.date),
            note: `latest data ${formatDate(regime.dataAsOf)} · model ${regime.modelVersion}`,
            ...(regime.freshness.state === 'current' ? {} : { tone: 'warn' as const }),
          },
        ],
      },
    );
    if (regime.freshness.state === 'last-good') {
      blocks.push({ kind: 'paragraph', inlines: [{ strong: 'Last good result: ' }, regime.freshness.reason ?? ''] });
    }
    blocks.push(
      { kind: 'heading', level: 3, text: 'Top drivers' },
      {
        kind: 'table',
        header: ['Indicator', 'Group', 'Weight', 'z-score', 'Contribution', 'Direction'],
        rows: regime.drivers.map((d) => [
          [{ text: d.indicatorId, href: `/indicators/${d.indicatorId}` }],
          [d.group],
          [d.weight.toFixed(3)],
          [d.zScore.toFixed(2)],
          [d.contribution.toFixed(4)],
          [d.direction],
        ]),
      },
    );
  } else {
    blocks.push({ kind: 'paragraph', inlines: [noReadingText(data)] });
  }

  if (data.lens) {
    const cell = data.lens.synthesis.cell;
    blocks.push(
      { kind: 'heading', level: 2, text: 'Lens: structural posture × tactical pulse' },
      {
        kind: 'matrix',
        caption: 'Where dollar liquidity sits: rows are the structural posture, columns the near-term pulse.',
        rows: POSTURES,
        columns: PULSES,
        marked: cell.posture && cell.pulse ? { row: cell.posture, column: cell.pulse } : null,
        note: `Posture ${cell.posture ?? 'n/a'}, pulse ${cell.pulse ?? 'n/a'}; data as of ${data.lens.dataAsOf ? formatDate(data.lens.dataAsOf) : 'n/a'}.`,
      },
      { kind: 'paragraph', inlines: [data.lens.synthesis.narrative] },
      {
        kind: 'paragraph',
        inlines: [
          'Full readings: ',
          { text: 'GET /api/lens', href: '/api/lens' },
          ' (also in 中文, 繁體中文, 日本語, 한국어, español, français, Deutsch with ?lang=).',
        ],
      },
    );
  }

  if (data.history && data.history.count > 0) {
    blocks.push(
      { kind: 'heading', level: 2, text: 'Headline history' },
      {
        kind: 'image',
        src: '/charts/headline.svg?days=4000',
        alt: `Daily headline over the last 4,000 days to ${data.history.to}; shaded bands mark risk-off (≥ 80) and risk-on (≤ 20).`,
        width: 720,
        height: 300,
        caption: `Last 4,000 days. The full history (${data.history.count} business days from ${data.history.from}) is at /api/history.`,
      },
    );
  }

  blocks.push(
    { kind: 'heading', level: 2, text: 'Indicators' },
    {
      kind: 'cards',
      items: data.indicators.map((i) => ({
        title: i.def.name,
        href: `/indicators/${i.def.id}`,
        value: i.latest
          ? formatValue(i.latest.value, i.def.unit)
          : i.withheld
            ? 'values withheld (licence)'
            : 'no data',
        badge: freshnessBadge(i),
        note: cardNote(i),
        ...(i.latest
          ? { image: { src: `/charts/${i.def.id}.svg?days=365&style=spark`, alt: `${i.def.name}, last 12 months` } }
          : {}),
      })),
    },
  );
  return {
    path: '/',
    title: 'US-dollar liquidity dashboard',
    description: `The current US-dollar liquidity regime, the three-axis lens, the headline history and 25 indicators, refreshed ${everyInterval(data.refreshIntervalHours)}.`,
    blocks,
  };
}

/** The state of an indicator's data, shown apart from its note: fresh, late, failed or no data. */
export function freshnessBadge(i: IndicatorSummary): { text: string; tone: Tone } {
  switch (i.freshness.state) {
    case 'fresh':
      return { text: 'fresh', tone: 'good' };
    case 'late':
      return { text: 'late', tone: 'warn' };
    case 'failed':
      return { text: 'refresh failed', tone: 'bad' };
    case 'never-fetched':
      return { text: 'no data', tone: 'neutral' };
  }
}

/** Data date, its age, and the change since the previous print — or why there is no data. */
function cardNote(i: IndicatorSummary): string {
  const f = i.freshness;
  if (!f.dataDate) return f.error ? `no data: ${f.error}` : 'no data yet: not fetched';
  const age = f.ageDays === 0 ? 'today' : f.ageDays === 1 ? '1 day old' : `${f.ageDays} days old`;
  const parts = [`${formatDate(f.dataDate)} · ${age}`];
  if (i.withheld) parts.push(`5-year percentile ${i.percentile5y ?? 'n/a'}`);
  else if (i.change !== null && i.previous)
    parts.push(`${formatChange(i.change, i.def.unit)} since ${formatDate(i.previous.date)}`);
  if (f.state === 'failed' && f.error) parts.push(f.error);
  return parts.join(' · ');
}

/** Why there is no reading: the last refresh failed (and why), or has not finished. */
function noReadingText(data: SiteData): string {
  const run = data.health.lastRefresh;
  const reasons = data.health.reasons.join(' ');
  if (run && run.status !== 'running' && run.status !== 'ok') {
    return `No reading yet: the last refresh ${run.status === 'failed' ? 'failed' : `ended ${run.status}`}${reasons ? ` (${reasons})` : ''}. Refreshes are retried automatically.`;
  }
  if (run?.status === 'ok') return `No reading yet: ${reasons || 'not enough history is stored to score a day.'}`;
  return 'No reading yet: the first refresh has not finished.';
}
