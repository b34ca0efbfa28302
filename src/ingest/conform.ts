import { ProviderError } from '../providers/provider-error.ts';
import { plausibleRange } from '../timeseries/catalog.ts';
import { normalizeObservations, type Observation } from '../timeseries/observation.ts';
import type { SeriesDef } from '../timeseries/series.ts';

/**
 * Turns a provider's observations into the catalog unit and decides whether they can be trusted:
 * - values are multiplied by the catalog's `scale` (e.g. WALCL millions → billions);
 * - dates after `today` are dropped (a provider cannot have observed the future), and reported;
 * - repeated dates keep the last value, and are reported (the provider clients already pass on one value per date,
 *   refusing an answer that gives a date two: providers/one-value-per-date.ts);
 * - a whole-series jump by a power of 1000 against the values already stored for the same dates is a unit
 *   change between vintages (WTREGEN went from billions to millions): it is rescaled to the stored unit and
 *   reported; any other large disagreement with every stored date is refused;
 * - with nothing stored to compare with (a fresh install), the catalog's dated plausible ranges decide: a
 *   response that falls outside them but fits them entirely once multiplied by one power of 1000 is a vintage
 *   in another unit (a November 2024 WRESBAL download is in billions, today's in millions): it is rescaled and
 *   reported;
 * - otherwise any value outside its plausible range refuses the whole response (stored data is untouched).
 */
export function conformObservations(
  def: SeriesDef,
  raw: Observation[],
  stored: readonly Observation[],
  today: string,
  source = 'provider',
): { observations: Observation[]; notes: string[] } {
  const notes: string[] = [];
  const fail = (message: string) => new ProviderError({ source, seriesId: def.id, kind: 'implausible', message });

  const future = raw.filter((obs) => obs.date > today);
  if (future.length > 0) notes.push(`dropped ${future.length} future-dated point(s) from ${future[0]!.date}`);
  const present = raw.filter((obs) => obs.date <= today);
  const unique = normalizeObservations(present);
  if (unique.length < present.length) notes.push(`collapsed ${present.length - unique.length} repeated date(s)`);
  if (unique.length === 0)
    throw new ProviderError({ source, seriesId: def.id, kind: 'empty', message: 'no observations' });

  let observations = scaled(unique, def.scale ?? 1);

  const factor = unitChangeFactor(observations, stored);
  if (factor === 'mismatch') throw fail('values disagree with every stored date by more than 50 % (refused)');
  if (factor !== 1) {
    notes.push(`provider unit changed by ×${formatFactor(1 / factor)}; rescaled to ${def.unit}`);
    observations = scaled(observations, factor);
  }

  const outlier = firstImplausible(def, observations);
  if (outlier) {
    const rescale = overlapCount(observations, stored) < MIN_OVERLAP ? plausibleRescale(def, observations) : undefined;
    if (rescale === undefined) {
      const range = plausibleRange(def, outlier.date);
      throw fail(
        `value ${outlier.value} ${def.unit} on ${outlier.date} is outside the plausible range [${range.min}, ${range.max}] for dates from ${range.from} (refused: no power of 1000 brings the response into range)`,
      );
    }
    notes.push(
      `values fall outside the plausible range as published but inside it ×${formatFactor(rescale)}: a vintage in another unit; rescaled to ${def.unit}`,
    );
    observations = scaled(observations, rescale);
  }
  return { observations, notes };
}

const MIN_OVERLAP = 3;
const POWERS_OF_1000 = [1e3, 1e-3, 1e6, 1e-6, 1e9, 1e-9];

function firstImplausible(def: SeriesDef, observations: readonly Observation[]): Observation | undefined {
  return observations.find((obs) => {
    const range = plausibleRange(def, obs.date);
    return !(obs.value >= range.min && obs.value <= range.max);
  });
}

/** The one power of 1000 that brings every value inside its plausible range, if exactly one does. */
function plausibleRescale(def: SeriesDef, observations: readonly Observation[]): number | undefined {
  const fits = POWERS_OF_1000.filter(
    (factor) =>
      !firstImplausible(
        def,
        observations.map((obs) => ({ date: obs.date, value: obs.value * factor })),
      ),
  );
  return fits.length === 1 ? fits[0] : undefined;
}

function overlapCount(incoming: readonly Observation[], stored: readonly Observation[]): number {
  const dates = new Set(stored.map((obs) => obs.date));
  return incoming.filter((obs) => dates.has(obs.date)).length;
}

/** Each value times `factor`, rounded (roundFloat). */
function scaled(observations: readonly Observation[], factor: number): Observation[] {
  return observations.map((obs) => ({ date: obs.date, value: roundFloat(obs.value * factor) }));
}

/**
 * 1 when the new values agree with the stored ones in scale; 10^-3k when they are 10^3k times larger;
 * 'mismatch' when the median ratio is far from 1 and not a power of 1000.
 */
export function unitChangeFactor(
  incoming: readonly Observation[],
  stored: readonly Observation[],
): number | 'mismatch' {
  if (stored.length === 0) return 1;
  const storedByDate = new Map(stored.map((obs) => [obs.date, obs.value]));
  const ratios: number[] = [];
  for (const obs of incoming) {
    const old = storedByDate.get(obs.date);
    if (old === undefined || old === 0 || obs.value === 0) continue;
    ratios.push(obs.value / old);
  }
  if (ratios.length < MIN_OVERLAP) return 1;
  ratios.sort((a, b) => a - b);
  const median = ratios[Math.floor(ratios.length / 2)]!;
  if (median > 0.5 && median < 1.5) return 1;
  const exponent = Math.round(Math.log10(Math.abs(median)) / 3) * 3;
  if (exponent !== 0 && median > 0 && Math.abs(Math.log10(median) - exponent) < 0.05) return 10 ** -exponent;
  return 'mismatch';
}

/** Removes binary noise from scaling (0.1 × 3 = 0.30000000000000004) while keeping 12 significant digits. */
export function roundFloat(value: number): number {
  return Number(value.toPrecision(12));
}

function formatFactor(factor: number): string {
  return factor >= 1 ? String(Math.round(factor)) : `1/${Math.round(1 / factor)}`;
}
