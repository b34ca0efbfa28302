import { valueAsOf } from '../timeseries/as-of.ts';
import { seriesDef } from '../timeseries/catalog.ts';
import type { Observation } from '../timeseries/observation.ts';
import type { Formula, SeriesDef } from '../timeseries/series.ts';
import { roundFloat } from './conform.ts';

/**
 * Pure formulas for the derived series. Inputs are the stored current series (catalog units, ascending);
 * each input is read "as of" the output date: its latest print on or before that date, if recent enough
 * for its frequency (MAX_AGE_DAYS). A series flagged `blankMeansZero` counts as 0 where it has no recent print,
 * up to its last print (blankAsOf).
 */
export type SeriesMap = ReadonlyMap<string, readonly Observation[]>;

const MAX_AGE_DAYS = { daily: 7, weekly: 10, monthly: 45, quarterly: 100 } as const;

export function deriveSeries(def: SeriesDef, inputs: SeriesMap): Observation[] {
  const formula = def.formula;
  if (!formula) throw new Error(`${def.id} is not a derived series`);
  switch (formula.kind) {
    case 'splice':
      return splice(get(inputs, formula.primary), get(inputs, formula.fallback));
    case 'net-liquidity':
      return netLiquidity(formula, inputs);
    case 'spread-bps':
      return spreadBps(formula.minuend, [formula.subtrahend].flat(), inputs);
    case 'ratio-percent':
      return ratioPercent(formula.numerator, formula.denominator, inputs);
    case 'sum':
      return sum(formula.terms, inputs);
    case 'less':
      return less(formula.base, formula.less, inputs);
  }
}

/** On each date of the first term, the sum of all terms as of that date; a date missing a term is left out. */
function sum([leadId, ...otherIds]: string[], inputs: SeriesMap): Observation[] {
  const out: Observation[] = [];
  for (const obs of get(inputs, leadId!)) {
    const total = plusAsOf(obs.value, otherIds, obs.date, inputs);
    if (total !== undefined) out.push({ date: obs.date, value: roundFloat(total) });
  }
  return out;
}

/** `start` plus each series as of `date`; undefined when one has no recent print (and is not `blankMeansZero`). */
function plusAsOf(start: number, ids: readonly string[], date: string, inputs: SeriesMap): number | undefined {
  let total = start;
  for (const id of ids) {
    const series = get(inputs, id);
    const part = seriesDef(id)?.blankMeansZero
      ? blankAsOf(series, date, maxAge(id))
      : valueAsOf(series, date, maxAge(id));
    if (part === undefined) return undefined;
    total += part;
  }
  return total;
}

/**
 * On each date of `base`, base minus each subtrahend as of that date. A subtrahend without a recent print counts 0:
 * the backstops subtracted from net liquidity are facilities whose series may begin after it (the H.4.1 lending
 * lines) or stop; a facility with no print is assumed unused (docs/methodology.md).
 */
function less(baseId: string, lessIds: string[], inputs: SeriesMap): Observation[] {
  return get(inputs, baseId).map((obs) => {
    let value = obs.value;
    for (const id of lessIds) value -= valueAsOf(get(inputs, id), obs.date, maxAge(id)) ?? 0;
    return { date: obs.date, value: roundFloat(value) };
  });
}

/** Primary where it exists; the fallback only on dates before the primary's first or after its last date. */
export function splice(primary: readonly Observation[], fallback: readonly Observation[]): Observation[] {
  if (primary.length === 0) return [...fallback];
  const first = primary[0]!.date;
  const last = primary[primary.length - 1]!.date;
  const before = fallback.filter((obs) => obs.date < first);
  const after = fallback.filter((obs) => obs.date > last);
  return [...before, ...primary, ...after];
}

function netLiquidity(formula: Extract<Formula, { kind: 'net-liquidity' }>, inputs: SeriesMap): Observation[] {
  const walcl = get(inputs, formula.fedBalanceSheet);
  const tga = get(inputs, formula.tga);
  const rrp = get(inputs, formula.onrrp);
  const out: Observation[] = [];
  const dates = [...new Set([walcl, tga, rrp].flat().map((obs) => obs.date))].sort();
  for (const date of dates) {
    const assets = valueAsOf(walcl, date, MAX_AGE_DAYS.weekly);
    const treasury = valueAsOf(tga, date, MAX_AGE_DAYS.weekly);
    if (assets === undefined || treasury === undefined) continue;
    const reverseRepo = blankAsOf(rrp, date, MAX_AGE_DAYS.daily);
    if (reverseRepo === undefined) continue;
    out.push({ date, value: roundFloat(assets - treasury - reverseRepo) });
  }
  return out;
}

/**
 * A series whose provider leaves days without activity blank (ON RRP): its latest print no older than `maxAgeDays`,
 * else 0 on a date up to its last print (a blank day, or before the facility's first operation), else none. Past its
 * last print a blank is not yet published, not zero: a feed that stops (or a file that ends) must not read as the
 * facility gone unused. Example: prints on 01-03 and 01-20 → 01-12 is 0; 01-30 is none (with a 7-day limit).
 */
export function blankAsOf(series: readonly Observation[], date: string, maxAgeDays: number): number | undefined {
  const value = valueAsOf(series, date, maxAgeDays);
  if (value !== undefined) return value;
  const last = series.at(-1);
  return last !== undefined && date <= last.date ? 0 : undefined;
}

function spreadBps(minuendId: string, subtrahendIds: string[], inputs: SeriesMap): Observation[] {
  const subtrahends = subtrahendIds.map((id) => ({ series: get(inputs, id), maxAge: maxAge(id) }));
  const out: Observation[] = [];
  for (const obs of get(inputs, minuendId)) {
    // The first subtrahend with a recent print wins: IORB, then IOER before IORB existed.
    let base: number | undefined;
    for (const { series, maxAge: age } of subtrahends) base ??= valueAsOf(series, obs.date, age);
    if (base !== undefined) out.push({ date: obs.date, value: roundFloat((obs.value - base) * 100) });
  }
  return out;
}

function ratioPercent([leadId, ...otherIds]: string[], denominatorId: string, inputs: SeriesMap): Observation[] {
  const denominator = get(inputs, denominatorId);
  const out: Observation[] = [];
  for (const obs of get(inputs, leadId!)) {
    const bottom = valueAsOf(denominator, obs.date, maxAge(denominatorId));
    if (bottom === undefined || bottom <= 0) continue;
    const top = plusAsOf(obs.value, otherIds, obs.date, inputs);
    if (top !== undefined) out.push({ date: obs.date, value: roundFloat((top / bottom) * 100) });
  }
  return out;
}

function maxAge(seriesId: string): number {
  return MAX_AGE_DAYS[seriesDef(seriesId)?.frequency ?? 'daily'];
}

function get(inputs: SeriesMap, id: string): readonly Observation[] {
  return inputs.get(id) ?? [];
}
