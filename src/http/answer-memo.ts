import type { PreparedResponse } from '../publish/prepared-response.ts';

/**
 * The answers of the current publication that clients keep asking for, by request URL and Accept header: a URL asked
 * again is answered without matching its path, parsing its query or running its handler. Every answer the route
 * table gives is a function of the publication, the URL and Accept alone (no route reads the clock or another
 * header), so an answer stays right until the publication changes, and the memo is emptied then.
 *
 * Why: the series window's route (a path parameter matched by a regular expression, the query parsed, four
 * parameters read, the window checked) took 0.83–0.90 µs per answer against 0.14–0.15 µs for `/api/regime`, a
 * million answers of the dispatcher in a loop (2026-11-25), and its allocations cost the collector more: the app
 * served that URL at 0.90–0.93× a bare server writing the same bytes, the lowest JSON endpoint (`npm run bench`).
 *
 * An answer is kept only from the second time its key is asked (within the last MAX_SEEN keys seen once): a
 * flood of distinct URLs — `days` windows, archive pages — keeps nothing here, where keeping each answer at its
 * first request would keep the last thousand of them alive past the bounded caches they live in (a page with its
 * encodings is tens of kB). Most kept answers are held for the publication's life anyway; what the memo can hold beyond that is
 * bounded: at most MAX_ENTRIES answers of at most MAX_BYTES together (each at most MAX_ANSWER_BYTES; their bodies'
 * lengths), keys of at most MAX_KEY_CHARS characters, and emptied whole when full.
 */
export class AnswerMemo {
  static readonly MAX_ENTRIES = 1_024;
  static readonly MAX_SEEN = 4_096;
  static readonly MAX_BYTES = 8 * 1024 * 1024;
  static readonly MAX_ANSWER_BYTES = 1024 * 1024;
  static readonly MAX_KEY_CHARS = 512;
  #publication: unknown;
  readonly #seen = new Set<string>();
  readonly #answers = new Map<string, PreparedResponse>();
  #bytes = 0;

  /** The memo's key for a request, or undefined when it is too long to keep. */
  static key(url: string, accept: string | undefined): string | undefined {
    const key = accept === undefined ? url : `${url}\n${accept}`;
    return key.length > AnswerMemo.MAX_KEY_CHARS ? undefined : key;
  }

  /** The answer kept for `key` from this very publication, if any (a new publication empties the memo first). */
  get(publication: unknown, key: string): PreparedResponse | undefined {
    if (publication !== this.#publication) {
      this.#seen.clear();
      this.#answers.clear();
      this.#bytes = 0;
      this.#publication = publication;
      return undefined;
    }
    return this.#answers.get(key);
  }

  /** The answer the route gave for `key`: noted the first time, kept the next. */
  offer(publication: unknown, key: string, answer: PreparedResponse): void {
    if (publication !== this.#publication) return;
    if (!this.#seen.has(key)) {
      if (this.#seen.size >= AnswerMemo.MAX_SEEN) this.#seen.clear();
      this.#seen.add(key);
      return;
    }
    const bytes = Number(answer.headers['content-length'] ?? 0);
    if (bytes > AnswerMemo.MAX_ANSWER_BYTES) return;
    if (this.#answers.size >= AnswerMemo.MAX_ENTRIES || this.#bytes + bytes > AnswerMemo.MAX_BYTES) {
      this.#answers.clear();
      this.#bytes = 0;
    }
    this.#answers.set(key, answer);
    this.#bytes += bytes;
  }

  get size(): number {
    return this.#answers.size;
  }
}
