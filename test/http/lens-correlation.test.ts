import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createHarness, createRefreshedHarness, type Harness } from '../support/harness.ts';
import { openApiValidator } from '../support/openapi-validator.ts';

describe('GET /api/lens', () => {
  let h: Harness;
  let validator: ReturnType<typeof openApiValidator>;
  before(async () => {
    h = await createRefreshedHarness();
    validator = openApiValidator((await h.app.inject('/openapi.json')).json());
  });
  after(() => h.close());

  it('answers in English by default, valid against the OpenAPI document, with the contract Cache-Control', async () => {
    const res = await h.app.inject('/api/lens');
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['cache-control'], 'public, s-maxage=21600, stale-while-revalidate=86400');
    const lens = res.json();
    assert.deepEqual(validator.validate('/api/lens', 200, lens), []);
    assert.equal(lens.lang, 'en');
    for (const axis of ['quantity', 'price', 'structure', 'synthesis']) assert.ok(lens[axis].dataAsOf, axis);
    assert.ok(lens.synthesis.cell.posture && lens.synthesis.cell.pulse);
  });

  const mapping: Array<[string, string]> = [
    ['en', 'en'],
    ['en-US', 'en'],
    ['zh', 'zh'],
    ['zh-CN', 'zh'],
    ['zh-Hans', 'zh'],
    ['zh-TW', 'zh-Hant'],
    ['ZH-hant', 'zh-Hant'],
    ['zh_TW', 'zh-Hant'],
    ['zh-HK', 'zh-Hant'],
    ['ja-JP', 'ja'],
    ['ko', 'ko'],
    ['es-MX', 'es'],
    ['fr-CA', 'fr'],
    ['DE', 'de'],
  ];
  for (const [tag, locale] of mapping) {
    it(`lang=${tag} → ${locale}`, async () => {
      const res = await h.app.inject(`/api/lens?lang=${encodeURIComponent(tag)}`);
      assert.equal(res.statusCode, 200);
      assert.equal(res.json().lang, locale);
    });
  }

  it('only the narrative differs between locales', async () => {
    const strip = (body: { synthesis: Record<string, unknown>; lang?: string }) => {
      const { narrative: _n, ...synthesis } = body.synthesis;
      return { ...body, synthesis, lang: undefined };
    };
    const en = (await h.app.inject('/api/lens?lang=en')).json();
    for (const lang of ['zh', 'zh-Hant', 'ja', 'ko', 'es', 'fr', 'de']) {
      const other = (await h.app.inject(`/api/lens?lang=${lang}`)).json();
      assert.deepEqual(strip(other), strip(en), lang);
      assert.notEqual(other.synthesis.narrative, en.synthesis.narrative, lang);
    }
  });

  for (const bad of ['xx', 'english', '', 'zh-XX', 'pt-BR', 'en--US', '<script>']) {
    it(`lang=${bad} → 400 invalid_parameter`, async () => {
      const res = await h.app.inject(`/api/lens?lang=${encodeURIComponent(bad)}`);
      assert.equal(res.statusCode, 400);
      const body = res.json();
      assert.equal(body.error.code, 'invalid_parameter');
      assert.match(body.error.message, /"lang"/);
      assert.match(body.error.hint, /zh-Hant/);
      assert.deepEqual(validator.validate('/api/lens', 400, body), []);
    });
  }

  it('a repeated lang → 400', async () => {
    assert.equal((await h.app.inject('/api/lens?lang=en&lang=de')).statusCode, 400);
  });
});

describe('GET /api/correlation', () => {
  let h: Harness;
  let validator: ReturnType<typeof openApiValidator>;
  before(async () => {
    h = await createRefreshedHarness();
    validator = openApiValidator((await h.app.inject('/openapi.json')).json());
  });
  after(() => h.close());

  it('is keyed by asset, valid against the OpenAPI document, with the contract Cache-Control', async () => {
    const res = await h.app.inject('/api/correlation');
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['cache-control'], 'public, s-maxage=900, stale-while-revalidate=1800');
    const body = res.json();
    assert.deepEqual(validator.validate('/api/correlation', 200, body), []);
    for (const asset of ['spx', 'qqq', 'btc', 'gold']) {
      const figure = body.correlations[asset].netLiquidity['26w'];
      assert.ok(figure.n >= 21, `${asset} n ${figure.n}`);
      assert.ok(figure.latest === null || Math.abs(figure.latest) <= 1);
      assert.equal(body.leadLag[asset].headline.lags.length, 27);
      assert.ok(body.backtest[asset].horizons['60d'].from);
    }
  });

  it('/api/correlation/history has every week on one axis, valid, its last values the 52-week figures of /api/correlation', async () => {
    const res = await h.app.inject('/api/correlation/history');
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['cache-control'], 'public, s-maxage=900, stale-while-revalidate=1800');
    const history = res.json();
    assert.deepEqual(validator.validate('/api/correlation/history', 200, history), []);
    assert.equal(history.windowWeeks, 52);
    const statistics = (await h.app.inject('/api/correlation')).json();
    assert.equal(statistics.rollingHistory, undefined, 'the statistics stay small');
    for (const asset of ['spx', 'qqq', 'btc', 'gold'])
      for (const measure of ['headline', 'netLiquidity']) {
        const column = history.rho[asset][measure] as Array<number | null>;
        assert.equal(column.length, history.dates.length, `${asset} ${measure}`);
        const figure = statistics.correlations[asset][measure]['52w'];
        const at = history.dates.indexOf(figure.asOf);
        assert.ok(at >= 0, `${asset} ${measure} ${figure.asOf}`);
        assert.equal(column[at], figure.latest, `${asset} ${measure}`);
        // The history's last 26 weeks are the figure's path.
        for (const point of figure.path) assert.equal(column[history.dates.indexOf(point.date)], point.rho);
      }
    for (let i = 1; i < history.dates.length; i++)
      assert.equal(Date.parse(history.dates[i]) - Date.parse(history.dates[i - 1]), 7 * 86_400_000, 'weekly');
  });
});

describe('lens and correlation before any data', () => {
  let h: Harness;
  before(async () => {
    h = await createHarness();
    await h.publisher.rebuild();
  });
  after(() => h.close());

  it('answer 503 no_data_yet with Retry-After (issue 30: nothing stored is temporary, not a failure)', async () => {
    for (const path of ['/api/lens', '/api/correlation', '/api/correlation/history']) {
      const res = await h.app.inject(path);
      assert.equal(res.statusCode, 503, path);
      assert.equal(res.json().error.code, 'no_data_yet', path);
      assert.equal(res.headers['retry-after'], '60', path);
    }
  });
});
