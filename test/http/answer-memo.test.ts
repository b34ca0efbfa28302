import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { AnswerMemo } from '../../src/http/answer-memo.ts';
import { createDispatcher, type Dispatcher } from '../../src/http/dispatch.ts';
import type { PreparedResponse } from '../../src/publish/prepared-response.ts';
import { createRefreshedHarness, type Harness } from '../support/harness.ts';

const answer = { status: 200, headers: { 'content-length': '100' } } as unknown as PreparedResponse;

describe('the answer memo', () => {
  const sized = (bytes: number) => ({ status: 200, headers: { 'content-length': String(bytes) } }) as never;

  it('keeps an answer from the second time its URL and Accept are asked, for one publication only', () => {
    const memo = new AnswerMemo();
    const first = {};
    const key = AnswerMemo.key('/api/regime', undefined)!;
    assert.equal(memo.get(first, key), undefined);
    memo.offer(first, key, answer);
    assert.equal(memo.get(first, key), undefined, 'asked once: not kept');
    memo.offer(first, key, answer);
    assert.equal(memo.get(first, key), answer);
    assert.equal(memo.get(first, AnswerMemo.key('/api/regime', 'text/csv')!), undefined);
    // Another publication: nothing of the first is answered, and the memo is empty.
    assert.equal(memo.get({}, key), undefined);
    assert.equal(memo.size, 0);
  });

  it('keeps nothing of a flood of distinct URLs', () => {
    const memo = new AnswerMemo();
    const publication = {};
    memo.get(publication, '/');
    for (let days = 1; days <= 100_000; days++) memo.offer(publication, `/api/series/tga?days=${days}`, answer);
    assert.equal(memo.size, 0);
  });

  it('is bounded: in entries, in bytes, per answer, and in key length; full, it is emptied', () => {
    assert.equal(AnswerMemo.key(`/api/regime?${'x'.repeat(AnswerMemo.MAX_KEY_CHARS)}`, undefined), undefined);
    const memo = new AnswerMemo();
    const publication = {};
    memo.get(publication, '/');
    const twice = (key: string, a: PreparedResponse) => {
      memo.offer(publication, key, a);
      memo.offer(publication, key, a);
    };
    for (let i = 0; i < AnswerMemo.MAX_ENTRIES; i++) twice(`/api/series/tga?days=${i + 1}`, sized(10));
    assert.equal(memo.size, AnswerMemo.MAX_ENTRIES);
    twice('/api/regime', sized(10));
    assert.equal(memo.size, 1);
    twice('/api/history', sized(AnswerMemo.MAX_ANSWER_BYTES + 1));
    assert.equal(memo.get(publication, '/api/history'), undefined, 'an answer too large is not kept');
    const eighth = AnswerMemo.MAX_BYTES / 8;
    for (let i = 0; i < 8; i++) twice(`/page/${i}`, sized(eighth));
    // 10 bytes and seven eighths fit; the eighth eighth does not: emptied, then kept alone.
    assert.equal(memo.get(publication, '/api/regime'), undefined, 'emptied when the bytes ran over');
    assert.ok(memo.get(publication, '/page/7'));
    assert.equal(memo.size, 1);
  });

  it('the route table answers from the publication, the URL and Accept alone (what makes memoizing right)', () => {
    const dir = new URL('../../src/http/routes/', import.meta.url);
    for (const file of readdirSync(dir)) {
      const source = readFileSync(new URL(file, dir), 'utf8');
      const headers = [...source.matchAll(/headers\.([a-zA-Z-]+)|headers\[['"]([^'"]+)['"]\]/g)].map(
        (m) => m[1] ?? m[2],
      );
      assert.deepEqual(
        headers.filter((name) => name !== 'accept'),
        [],
        `${file} reads a request header other than Accept`,
      );
      assert.doesNotMatch(source, /Date\.now\(|new Date\(\)|performance\.now\(/, `${file} reads the clock`);
    }
  });
});

describe('the dispatcher with its memo', () => {
  let h: Harness;
  let dispatcher: Dispatcher;
  before(async () => {
    h = await createRefreshedHarness();
    dispatcher = createDispatcher({
      baseUrl: 'https://x.test',
      publication: () => h.publisher.current,
      directory: undefined as unknown as PreparedResponse,
      openapi: () => undefined as unknown as PreparedResponse,
    });
  });
  after(() => h.close());
  const ask = (url: string, accept?: string) =>
    dispatcher.answer({ url, headers: accept ? { accept } : {} } as never) as PreparedResponse;

  it('answers a URL asked again with the very answer its route gave', () => {
    const first = ask('/api/series/tga?days=365');
    assert.equal(first, h.publisher.current!.series.get('tga')!.forDays(365));
    assert.equal(ask('/api/series/tga?days=365'), first);
    assert.equal(ask('/api/series/tga?days=365'), first);
  });

  it('answers by Accept too: CSV to a client asking for CSV after JSON was given for the URL', () => {
    ask('/api/series/tga?days=365');
    const csv = ask('/api/series/tga?days=365', 'text/csv');
    assert.match(csv.headers['content-type']!, /^text\/csv/);
    assert.match(ask('/api/series/tga?days=365').headers['content-type']!, /^application\/json/);
  });

  it("answers from a new publication as soon as it is current, never the previous one's answer", async () => {
    const before = ask('/api/series/tga?days=365');
    await h.publisher.rebuild();
    const now = ask('/api/series/tga?days=365');
    assert.notEqual(now, before);
    assert.equal(now, h.publisher.current!.series.get('tga')!.forDays(365));
  });

  it('errors are not kept: an invalid window answers its error each time', () => {
    const error = dispatcher.answer({ url: '/api/series/tga?days=0', headers: {} } as never);
    assert.equal((error as { code?: string }).code, 'invalid_parameter');
    assert.notEqual(dispatcher.answer({ url: '/api/series/tga?days=0', headers: {} } as never), error);
  });
});
