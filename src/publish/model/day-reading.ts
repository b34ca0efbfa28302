import { provisionalSummary, readingSummary } from '../../analytics/model/reading-summary.ts';
import { levelBandOf, type ModelSpec } from '../../analytics/model/spec.ts';
import { CURRENT_MODEL } from '../../analytics/model/versions.ts';
import type { HistoryBody as History } from '../resources/model.ts';

/** A day's colour in words: tight, loose, or neither — a provisional day has no colour. */
export type DayTone = 'good' | 'bad' | 'neutral';

/**
 * A day of the history as every page, note and feed states it: its status in words (or that it is provisional —
 * no status, no colour, no verdict), its tone and its sentence, written by the same functions as /api/regime's
 * summary and provisional.summary, so that the API and the pages say the same thing of the same day.
 */
export interface DayReading {
  /** The status, or null on a provisional day. */
  status: History['status'][number];
  /** The status, or "provisional" (the word every page uses for a day without a reading). */
  label: string;
  tone: DayTone;
  sentence: string;
}

export const PROVISIONAL_LABEL = 'provisional';

/** The drivers' rule for which way a move pushed the reading, for the pages and notes that put it in words. */
export { contributionDirection } from '../../analytics/model/drivers.ts';

const TONES: Record<string, DayTone> = { 'risk-off': 'bad', neutral: 'neutral', 'risk-on': 'good' };

export function dayReading(history: History, i: number, spec: ModelSpec = CURRENT_MODEL): DayReading {
  const status = history.status[i] ?? null;
  const date = history.dates[i]!;
  const level = history.level[i] ?? null;
  if (status === null || history.provisional[i])
    return {
      status: null,
      label: PROVISIONAL_LABEL,
      tone: 'neutral',
      sentence: provisionalSummary({
        date,
        percentile5y: history.headline[i]!,
        level,
        liveWeightShare: history.liveWeightShare[i] ?? 0,
      }),
    };
  return {
    status,
    label: status,
    tone: TONES[status]!,
    sentence: readingSummary({
      spec,
      date,
      percentile5y: history.headline[i]!,
      status,
      level,
      levelWords: level === null ? null : levelBandOf(level).words,
      fedTerms: null,
    }),
  };
}
