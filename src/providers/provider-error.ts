import { isMissingMarker, parseDecimal } from '../timeseries/observation.ts';

export type ProviderErrorKind =
  | 'timeout'
  | 'network'
  | 'http'
  | 'rate-limited'
  /** The source refuses this client (the chart source's plain-text 429 to scripts): retrying does not help. */
  | 'refused'
  | 'html'
  | 'empty'
  | 'parse'
  | 'implausible'
  /**
   * The answer ends before the newest observation already stored (a lagging mirror, a cached page): nothing is
   * withdrawn or added from it, what is stored keeps being served, and the series counts as failed.
   */
  | 'stale'
  /** The body passed the size limit (after decompression) and was cut off. */
  | 'too-large'
  /** The refresh's time budget ran out before this series completed. */
  | 'budget'
  /** Not attempted: the provider's last requests could not reach it (its circuit breaker is open). */
  | 'unreachable'
  | 'config';

/** A failure of one provider request, naming the source and series so the refresh log says what failed. */
export class ProviderError extends Error {
  readonly source: string;
  readonly seriesId: string;
  readonly kind: ProviderErrorKind;
  readonly status: number | undefined;

  constructor(opts: { source: string; seriesId: string; kind: ProviderErrorKind; message: string; status?: number }) {
    super(`${opts.source} ${opts.seriesId}: ${opts.message}`);
    this.name = 'ProviderError';
    this.source = opts.source;
    this.seriesId = opts.seriesId;
    this.kind = opts.kind;
    this.status = opts.status;
  }

  /** Transient failures are worth another attempt; a malformed body or a 404 is not. */
  get retryable(): boolean {
    if (this.kind === 'timeout' || this.kind === 'network' || this.kind === 'rate-limited') return true;
    return this.kind === 'http' && this.status !== undefined && this.status >= 500;
  }
}

/** A body that does not read as the provider's format; `label` names the source and series. */
export function parseError(label: { source: string; seriesId: string }, message: string): ProviderError {
  return new ProviderError({ source: label.source, seriesId: label.seriesId, kind: 'parse', message });
}

/** A decimal string as the providers write them: undefined for a missing-value marker, refused if not a number. */
export function readDecimal(
  raw: string,
  date: string,
  label: { source: string; seriesId: string },
): number | undefined {
  if (isMissingMarker(raw)) return undefined;
  const value = parseDecimal(raw);
  if (value === undefined) throw parseError(label, `non-numeric value "${raw}" on ${date}`);
  return value;
}
