import { CACHE_CONTROL } from '../cache-policy.ts';
import { keptAnswers, keptOr, MIB, responseBytes } from '../kept.ts';
import { type PreparedResponse, withHeaders } from '../prepared-response.ts';
import { onDemandJson } from '../resource.ts';
import { sliceHistory } from './csv.ts';
import type { HistoryBody } from './model.ts';

/**
 * /api/history?start=…&end=…: the history's days in a date range, serialized on demand (a few milliseconds for
 * the whole history) and kept in an LRU bounded in bytes, so that unique ranges cannot grow memory.
 */
export class HistoryRanges {
  readonly #cache = keptAnswers<PreparedResponse>('history ranges', { bytes: 16 * MIB, sizeOf: responseBytes });
  readonly #history: () => HistoryBody | undefined;

  constructor(history: () => HistoryBody | undefined) {
    this.#history = history;
  }

  forRange(start: string, end: string | null): PreparedResponse | undefined {
    return keptOr(this.#cache, `${start}..${end ?? ''}`, () => {
      const history = this.#history();
      if (!history) return undefined;
      const body = onDemandJson(JSON.stringify(sliceHistory(history, start, end)), CACHE_CONTROL.history);
      return withHeaders(body, { vary: 'Accept' });
    });
  }
}
