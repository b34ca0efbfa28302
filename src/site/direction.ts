import type { IndicatorSummary } from '../publish/resources/indicators.ts';
import type { Tone } from './page/page.ts';

/**
 * What the latest move of a series means for dollar liquidity, from the same `risingIsTighter` the model scores
 * with: a rise of a series whose rise is tighter tightens, and so on. Undefined when there is no move to read.
 * Example: TGA up 25 bn (a rise drains reserves) → { text: '▲ tightens', tone: 'bad' }.
 */
export function moveCue(item: IndicatorSummary): { text: string; tone: Tone } | undefined {
  if (item.change === null) return undefined;
  if (item.change === 0) return { text: '■ unchanged', tone: 'neutral' };
  const arrow = item.change > 0 ? '▲' : '▼';
  if (item.risingIsTighter === null) return { text: `${arrow} no direction`, tone: 'neutral' };
  const tightens = item.change > 0 === item.risingIsTighter;
  return tightens ? { text: `${arrow} tightens`, tone: 'bad' } : { text: `${arrow} eases`, tone: 'good' };
}

/** "Rising means …" in words, for the indicator page: the same direction the cue and the model use. */
export function risingMeans(item: IndicatorSummary): string {
  if (item.risingIsTighter === null) return 'no liquidity direction (context only)';
  const effect = item.risingIsTighter ? 'tighter dollar liquidity' : 'easier dollar liquidity';
  return item.scored ? `${effect} (as the model scores it)` : effect;
}
