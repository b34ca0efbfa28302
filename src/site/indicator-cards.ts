import type { IndicatorSummary } from '../publish/resources/indicators.ts';
import { moveCue } from './direction.ts';
import { nextPrint } from './next-print.ts';
import type { Block, Tone } from './page/page.ts';
import { formatAge, formatChange, formatDate, formatValue } from './site-data.ts';
import { frequencyLabel } from './themes.ts';

/** A move older than this is history, not news: its cue is shown grey, dated, without "tightens" or "eases". */
const OLD_MOVE_DAYS = 60;

/** An indicator as the dashboard's card shows it: its value, its last move, how fresh it is and when it prints next. */
export function card(i: IndicatorSummary, today: string): Extract<Block, { kind: 'cards' }>['items'][number] {
  const move = moveCue(i);
  const old = move && i.latest && (i.freshness.ageDays ?? 0) > OLD_MOVE_DAYS;
  const cue = old
    ? {
        // A last print equal to the one before was no move ("■ last move … ±0.00" said one).
        text: `${move.text.slice(0, 1)} ${i.change === 0 ? 'unchanged at the last print' : 'last move'}, ${formatDate(i.latest!.date)}`,
        tone: 'neutral' as const,
      }
    : move;
  return {
    title: i.def.name,
    href: `/indicators/${i.def.id}`,
    value: i.latest ? formatValue(i.latest.value, i.def.unit) : i.withheld ? 'values withheld (licence)' : 'no data',
    badge: freshnessBadge(i),
    meta: cardMeta(i, today),
    ...(cue ? { cue } : {}),
    note: cardNote(i),
    ...(i.latest
      ? { image: { src: `/charts/${i.def.id}.svg?days=365&style=spark`, alt: `${i.def.name}, last 12 months` } }
      : {}),
  };
}

/**
 * Frequency, data date and when the next print is expected (from the frequency and the publication lag):
 * "Weekly · Aug 26, 2026 · next Sep 3, 2026", or "… · was due Sep 3, 2026" when the provider has not published it
 * (next-print.ts: never a date still to come for a late series).
 */
function cardMeta(i: IndicatorSummary, today: string): string {
  const f = i.freshness;
  const parts = [frequencyLabel(i.def.frequency)];
  const next = nextPrint(i, today);
  if (f.dataDate && next) parts.push(formatDate(f.dataDate), `${NEXT_WORDS[next.kind]} ${formatDate(next.date)}`);
  return parts.join(' · ');
}

const NEXT_WORDS = { next: 'next', due: 'was due', late: 'late since' } as const;

/**
 * The state of an indicator's data, shown apart from its note: fresh, how old when the provider has published
 * nothing newer than expected ("3 months old"), refresh failed (our side), or no data.
 */
export function freshnessBadge(i: IndicatorSummary): { text: string; tone: Tone } {
  switch (i.freshness.state) {
    case 'fresh':
      return { text: 'fresh', tone: 'good' };
    case 'late':
      return { text: `${formatAge(i.freshness.ageDays ?? 0)} old`, tone: 'warn' };
    case 'failed':
      return { text: 'refresh failed', tone: 'bad' };
    case 'never-fetched':
      return { text: 'no data', tone: 'neutral' };
  }
}

/** The change since the previous print (naming it), or why there is no data. */
function cardNote(i: IndicatorSummary): string {
  const f = i.freshness;
  if (!f.dataDate) return f.error ? `no data: ${f.error}` : 'no data yet: not fetched';
  const parts: string[] = [];
  if (i.withheld) parts.push(`5-year percentile ${i.percentile5y ?? 'n/a'}`);
  else if (i.change !== null && i.previous)
    parts.push(`${formatChange(i.change, i.def.unit)} vs the ${formatDate(i.previous.date)} print`);
  if (f.state === 'failed' && f.error) parts.push(f.error);
  return parts.join(' · ');
}
