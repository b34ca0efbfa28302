import type { Static } from '@sinclair/typebox';
import { seriesDef } from '../../timeseries/catalog.ts';
import { daysBetween } from '../../timeseries/dates.ts';
import { dateFormat } from '../../timeseries/intl-formats.ts';
import type { Provisional, RegimeReading } from '../schemas/regime.ts';
import type { FedTerms } from './fed-terms.ts';
import { RESERVE_SATIATION_PERCENT as BAND, type ModelSpec, THRESHOLDS, WINDOWS } from './spec.ts';

/**
 * The reading in plain words — the one sentence every page, feed, note and MCP answer states (GET /api/regime →
 * summary): where the day ranks in five years, and what the fixed scale and the Fed's own terms say, each with its
 * date. Example: "On Jul 3, 2026 US-dollar liquidity ranked tighter than 84 % of the last five years' days
 * (risk-off). On its fixed scale it reads 53.9 of 100, moderately tight: reserves are 12.4 % of bank assets (Apr 15,
 * 2026), inside the 12–13 % band …; SOFR is 3 bp below IORB and EFFR 2 bp below IORB (Jun 23, 2026); no new draw on
 * a Fed facility (Fed lending to banks 6.0 bn USD, Apr 22, 2026)."
 */
export type ReadingWords = Pick<
  Static<typeof RegimeReading>,
  'date' | 'percentile5y' | 'status' | 'level' | 'fedTerms'
> & {
  spec: ModelSpec;
  levelWords: string | null;
};

export function readingSummary(r: ReadingWords): string {
  const rank = `On ${dayOf(r.date)} US-dollar liquidity ranked tighter than ${r.percentile5y} % of the last five years' days (${r.status}).`;
  if (r.level === null) return rank;
  const terms = r.fedTerms ? termsOf(r.spec, r.fedTerms, r.date) : [];
  const scale = `On its fixed scale it reads ${r.level.toFixed(1)} of 100, ${r.levelWords}`;
  return `${rank} ${scale}${terms.length > 0 ? `: ${terms.join('; ')}` : ''}.`;
}

/** A provisional day in plain words: never a status or a verdict. */
export type ProvisionalWords = Pick<Static<typeof Provisional>, 'date' | 'percentile5y' | 'level' | 'liveWeightShare'>;

/**
 * Example: "Provisional: on Aug 27, 2026 live data covers only 19 % of the model's weight, under the 50 % a reading
 * needs — the headline reads 83 of 100 and 53.8 on the fixed scale, not a verdict."
 */
export function provisionalSummary(p: ProvisionalWords): string {
  const share = Math.round(100 * p.liveWeightShare);
  const level = p.level === null ? '' : ` and ${p.level.toFixed(1)} on the fixed scale`;
  return `Provisional: on ${dayOf(p.date)} live data covers only ${share} % of the model's weight, under the ${Math.round(100 * THRESHOLDS.minLiveWeight)} % a reading needs — the headline reads ${p.percentile5y} of 100${level}, not a verdict.`;
}

/** An input as the methodology names it: its label in the model version, else its catalog name. */
export function inputName(spec: ModelSpec, id: string): string {
  return spec.scored.find((s) => s.id === id)?.label ?? seriesDef(id)?.name ?? id;
}

function termsOf(spec: ModelSpec, t: FedTerms, day: string): string[] {
  const reserves = t.reserveRatio
    ? `reserves are ${t.reserveRatio.value} % of bank assets (${dayOf(t.reserveRatio.date)}), ${bandOf(t.reserveRatio.value)}`
    : null;
  return [reserves, ratesOf(t), t.backstops ? backstopsOf(spec, t.backstops, day) : null].filter((x) => x !== null);
}

function bandOf(percent: number): string {
  const band = `the ${BAND.low}–${BAND.high} % band where Fed staff research puts the turn from abundant to ample reserves`;
  if (percent >= BAND.high) return `above ${band}`;
  if (percent >= BAND.low) return `inside ${band}`;
  return `below ${band}`;
}

function ratesOf(t: FedTerms): string | null {
  const spread = (name: string, bps: number) =>
    bps === 0 ? `${name} is at IORB` : `${name} is ${Math.abs(bps)} bp ${bps > 0 ? 'above' : 'below'} IORB`;
  const parts = [
    t.sofrIorbBps ? { text: spread('SOFR', t.sofrIorbBps.value), date: t.sofrIorbBps.date } : null,
    t.effrIorbBps ? { text: spread('EFFR', t.effrIorbBps.value), date: t.effrIorbBps.date } : null,
  ].filter((x) => x !== null);
  if (parts.length === 0) return null;
  if (parts.length === 2 && parts[0]!.date === parts[1]!.date)
    return `${parts[0]!.text} and ${parts[1]!.text} (${dayOf(parts[0]!.date)})`;
  return parts.map((p) => `${p.text} (${dayOf(p.date)})`).join(', ');
}

/**
 * A backstop whose data is older than the model reads (WINDOWS.carryForwardDays) gives no reading: "no new draw" is
 * then what their last data said, to its date — not a word on the day itself. Example (the real files, Jul 3, 2026):
 * "no new draw on a Fed facility in their last data, to Apr 22, 2026 (Fed lending to banks 6 bn USD)".
 */
function backstopsOf(spec: ModelSpec, b: NonNullable<FedTerms['backstops']>, day: string): string {
  const old = b.dataTo !== null && daysBetween(b.dataTo, day) > WINDOWS.carryForwardDays;
  const lendingDate =
    b.fedLendingB && !(old && b.fedLendingB.date === b.dataTo) ? `, ${dayOf(b.fedLendingB.date)}` : '';
  const lending = b.fedLendingB ? ` (Fed lending to banks ${b.fedLendingB.value} bn USD${lendingDate})` : '';
  if (old) return `no new draw on a Fed facility in their last data, to ${dayOf(b.dataTo!)}${lending}`;
  if (!b.drawnOn || b.reading === 0) return `no new draw on a Fed facility${lending}`;
  return `a new draw (${inputName(spec, b.drawnOn)}) reads ${b.reading} of 1${b.date ? ` (${dayOf(b.date)})` : ''}${lending}`;
}

function dayOf(iso: string): string {
  return dateFormat('en-US', 'medium').format(new Date(`${iso}T00:00:00Z`));
}
