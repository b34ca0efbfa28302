import type { PreparedResponse } from '../publish/prepared-response.ts';

/**
 * The answers already given from the current publication, by request URL and Accept header: a URL asked again is
 * answered without matching its path, parsing its query or running its handler. Every answer the route table gives
 * is a function of the publication, the URL and Accept alone (no route reads the clock or another header), so an
 * answer stays right until the publication changes, and the memo is emptied then.
 *
 * Why: the series window's route (a path parameter matched by a regular expression, the query parsed, four
 * parameters read, the window checked) took 0.83–0.90 µs per answer against 0.14–0.15 µs for `/api/regime`, a
 * million answers of the dispatcher in a loop (2026-11-25), and its allocations cost the collector more: the app
 * served that URL at 0.90–0.93× a bare server writing the same bytes, the lowest JSON endpoint (`npm run bench`).
 *
 * Bounded for hostile clients: at most MAX_ENTRIES answers, each for a key of at most MAX_KEY_CHARS characters, and
 * emptied whole when full (a flood of distinct URLs then costs one insertion each). An answer built on demand (an
 * uncommon `days` window, a date range) that its own cache has let go stays alive here until the memo is emptied:
 * at most MAX_ENTRIES of them — a window's is views of the serialized points, ~2 kB of objects.
 */
export class AnswerMemo {
  static readonly MAX_ENTRIES = 1_024;
  static readonly MAX_KEY_CHARS = 512;
  #publication: unknown;
  readonly #answers = new Map<string, PreparedResponse>();

  /** The memo's key for a request, or undefined when it is too long to keep. */
  static key(url: string, accept: string | undefined): string | undefined {
    const key = accept === undefined ? url : `${url}\n${accept}`;
    return key.length > AnswerMemo.MAX_KEY_CHARS ? undefined : key;
  }

  /** The answer given for `key` from this very publication, if any (a new publication empties the memo first). */
  get(publication: unknown, key: string): PreparedResponse | undefined {
    if (publication !== this.#publication) {
      this.#answers.clear();
      this.#publication = publication;
      return undefined;
    }
    return this.#answers.get(key);
  }

  set(publication: unknown, key: string, answer: PreparedResponse): void {
    if (publication !== this.#publication) return;
    if (this.#answers.size >= AnswerMemo.MAX_ENTRIES) this.#answers.clear();
    this.#answers.set(key, answer);
  }

  get size(): number {
    return this.#answers.size;
  }
}
