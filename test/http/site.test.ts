import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CURRENT_MODEL, MODEL_VERSIONS } from '../../src/analytics/model/versions.ts';
import { regimeInWords } from '../../src/site/words/regime.ts';
import { INDICATOR_IDS } from '../../src/timeseries/series.ts';
import { createRefreshedHarness, type Harness } from '../support/harness.ts';

const PAGES = [
  '/',
  '/today',
  '/methodology',
  '/docs',
  '/about',
  '/blog',
  '/blog/how-to-read-the-lens',
  '/indicators/net-liquidity',
  '/markets',
  '/lens',
  '/lens/ja',
  '/archive',
];

describe('the website', () => {
  let h: Harness;
  before(async () => {
    h = await createRefreshedHarness();
  });
  after(() => h.close());

  it('/methodology publishes the validation as computed now: figures with intervals, crises, guarantees, versions', async () => {
    const md = (await h.app.inject('/methodology.md')).body;
    const model = (await h.app.inject('/api/model')).json();
    assert.ok(md.includes(`### The figures: ${CURRENT_MODEL.version} on the data stored now`));
    const full = model.validation.correlations.find(
      (c: { benchmark: string; period: string; leadWeeks: number }) =>
        c.benchmark === 'nfci' && c.period === 'full' && c.leadWeeks === 0,
    );
    assert.ok(md.includes(`| NFCI | full | ${full.rho.toFixed(3)} |`), 'the served figure, not a quoted one');
    assert.match(md, /Lehman Brothers files for bankruptcy \(2008-09-15\)/);
    assert.match(md, /Monotone: 0 violations in [\d,]+ checks/);
    assert.ok(md.includes(`### ${CURRENT_MODEL.version} (current, ${MODEL_VERSIONS[0]!.from} onwards)`));
    // Earlier versions are one click away (issue 43: a methodology a reader finishes), each still named and dated.
    assert.match(md, /\*\*dli-1 \(retired, 2026-11-21 to 2026-11-23\)\*\*/);
  });

  it('charts and indicator pages are drawn for canonical windows only: any other days is a 308 to the next one', async () => {
    const chart = await h.app.inject('/charts/vix.svg?days=100&style=spark');
    assert.equal(chart.statusCode, 308);
    assert.equal(chart.headers.location, '/charts/vix.svg?days=180&style=spark');
    assert.equal((await h.app.inject(String(chart.headers.location))).statusCode, 200);
    const page = await h.app.inject('/indicators/vix.md?days=3999');
    assert.equal(page.statusCode, 308);
    assert.equal(page.headers.location, '/indicators/vix.md?days=4000');
    assert.equal((await h.app.inject('/indicators/vix?days=1826')).statusCode, 200);
    assert.equal((await h.app.inject('/charts/vix.svg?days=0')).statusCode, 400, 'invalid stays invalid');
  });

  for (const path of PAGES) {
    it(`${path}: HTML with security headers, and the same page as Markdown by .md and by Accept`, async () => {
      const html = await h.app.inject({ url: path, headers: { accept: 'text/html' } });
      assert.equal(html.statusCode, 200);
      assert.equal(html.headers['content-type'], 'text/html; charset=utf-8');
      assert.match(String(html.headers.vary), /^Accept\b/);
      assert.match(String(html.headers['content-security-policy']), /default-src 'none'/);
      assert.doesNotMatch(String(html.headers['content-security-policy']), /unsafe-inline/);
      assert.equal(html.headers['x-content-type-options'], 'nosniff');
      assert.equal(html.headers['referrer-policy'], 'strict-origin-when-cross-origin');
      // Script only from the site's own files (the chart enhancement), never inline.
      assert.doesNotMatch(html.body, /<script(?![^>]*\ssrc="\/assets\/[a-z]+\.js")/i, 'no inline script');
      assert.match(String(html.headers['content-security-policy']), /script-src 'self';/);
      const mdPath = path === '/' ? '/index.md' : `${path}.md`;
      const bySuffix = await h.app.inject(mdPath);
      const byAccept = await h.app.inject({ url: path, headers: { accept: 'text/markdown' } });
      for (const md of [bySuffix, byAccept]) {
        assert.equal(md.statusCode, 200);
        assert.equal(md.headers['content-type'], 'text/markdown; charset=utf-8');
        assert.match(String(md.headers.vary), /^Accept\b/);
      }
      assert.equal(bySuffix.body, byAccept.body);
      const title = /<h1>([^<]+)<\/h1>/.exec(html.body)![1]!.replaceAll('&#39;', "'").replaceAll('&amp;', '&');
      assert.ok(bySuffix.body.startsWith(`# ${title}\n`), `${path}: ${title}`);
    });
  }

  it('the dashboard leads with the reading in a sentence, then the narrative, the history chart and a card per indicator; the lens page marks the current cell', async () => {
    const html = (await h.app.inject('/')).body;
    const regime = (await h.app.inject('/api/regime')).json();
    const lens = (await h.app.inject('/api/lens')).json();
    assert.ok(html.includes(`${regime.percentile5y} / 100`));
    // The reading first (issue 43): the figures, then the lead, before any notice.
    assert.match(
      html,
      /<h1>US-dollar liquidity dashboard<\/h1>\n<dl class="stats">.*?<\/dl>\n<p class="lead[^"]*">On [A-Z][a-z]{2} \d{1,2}, \d{4} US-dollar liquidity ranked /,
    );
    // The lead and the Fed's terms after the freshness line are /api/regime's summary, word for word (the HTML
    // escapes apostrophes).
    const summary = regime.summary.replaceAll("'", '&#39;');
    const lead = html.match(/<p class="lead[^"]*">(.*?)<\/p>/)![1]!;
    assert.ok(summary.startsWith(lead.replace(/\.$/, '')), 'the lead begins the summary');
    assert.ok(html.includes(summary.slice(lead.length + 1)), 'the Fed’s terms follow');
    const lensPage = (await h.app.inject('/lens')).body;
    assert.equal((lensPage.match(/<td class="current"/g) ?? []).length, 1);
    assert.ok(html.includes(lens.synthesis.narrative.replaceAll("'", '&#39;').slice(0, 40)));
    assert.ok(html.includes('src="/charts/headline.svg?days=1826"'));
    assert.equal((html.match(/<li class="card">/g) ?? []).length, 25);
    const md = (await h.app.inject('/index.md')).body;
    assert.ok(md.includes(`${regime.percentile5y} / 100`));
    assert.match(md, new RegExp(`Posture ${lens.synthesis.cell.posture}, pulse ${lens.synthesis.cell.pulse}`));
  });

  it('every indicator has a page, and charts are served as SVG at stable URLs', async () => {
    for (const id of INDICATOR_IDS) assert.equal((await h.app.inject(`/indicators/${id}`)).statusCode, 200, id);
    const chart = await h.app.inject('/charts/tga.svg?days=90');
    assert.equal(chart.statusCode, 200);
    assert.equal(chart.headers['content-type'], 'image/svg+xml; charset=utf-8');
    assert.match(chart.body, /^<svg [^>]*width="720"/);
    const spark = await h.app.inject('/charts/vix.svg?days=365&style=spark');
    assert.match(spark.body, /width="200"/);
    assert.equal((await h.app.inject('/charts/headline-gauge.svg')).statusCode, 200);
    assert.equal((await h.app.inject('/charts/tga.svg?days=0')).json().error.code, 'invalid_parameter');
    assert.equal((await h.app.inject('/charts/tga.svg?style=pie')).statusCode, 400);
    assert.equal((await h.app.inject('/charts/nope.svg')).statusCode, 404);
  });

  it("the model in a trader's words, its whole history shaded by regime and each sub-index over the whole history", async () => {
    const html = (await h.app.inject('/')).body;
    const regime = (await h.app.inject('/api/regime')).json();
    // The flow's window, as the model describes it ("change over 182 days").
    const transforms: string[] = (await h.app.inject('/api/model'))
      .json()
      .groups.flatMap((g: { indicators: Array<{ transform: string }> }) => g.indicators.map((i) => i.transform));
    const span = transforms.map((t) => /^change over (\d+ days)/.exec(t)?.[1]).find(Boolean);
    for (const line of regimeInWords(regime.subIndices, {}, new Set(), span).filter((l) => l !== ''))
      assert.ok(html.includes(line.replaceAll("'", '&#39;')), line);
    const regimes = await h.app.inject('/charts/headline-regimes.svg');
    assert.equal(regimes.statusCode, 200);
    assert.match(regimes.body, /^<svg /);
    for (const group of ['policy', 'funding', 'backstops', 'risk']) {
      assert.ok(html.includes(`src="/charts/subindex-${group}.svg"`), group);
      const chart = await h.app.inject(`/charts/subindex-${group}.svg`);
      assert.equal(chart.statusCode, 200, group);
    }
    // The current model has no credit group: no chart of it, and no figure for it on the dashboard.
    assert.equal((await h.app.inject('/charts/subindex-credit.svg')).statusCode, 404);
    assert.ok(!html.includes('subindex-credit'));
    const png = await h.app.inject('/charts/subindex-funding.png');
    assert.equal(png.headers['content-type'], 'image/png');
  });

  it('indicator pages name the terms of use and the citation, in HTML and Markdown; withheld series say so', async () => {
    const page = await h.app.inject({ url: '/indicators/vix', headers: { accept: 'text/html' } });
    assert.match(page.body, /Terms of use/);
    assert.match(page.body, /Copyrighted: citation required/);
    assert.match(page.body, /retrieved from FRED, Federal Reserve Bank of St\. Louis/);
    const md = (await h.app.inject('/indicators/vix.md')).body;
    assert.match(
      md,
      /Terms of use \| \[Copyrighted: citation required\]\(https:\/\/fred\.stlouisfed\.org\/series\/VIXCLS\)/,
    );
    const hy = await h.app.inject({ url: '/indicators/hy-spread', headers: { accept: 'text/html' } });
    assert.match(hy.body, /Values withheld/);
    assert.doesNotMatch(hy.body, /charts\/hy-spread\.svg/);
    assert.match(page.body, /CC0 1\.0 covers what this service computes/);
  });

  it('indicator pages offer ranges; the range changes the chart', async () => {
    const page = (await h.app.inject('/indicators/vix?days=90')).body;
    assert.ok(page.includes('src="/charts/vix.svg?days=90"'));
    assert.ok(page.includes('href="/indicators/vix?days=1826"'));
    assert.equal((await h.app.inject('/indicators/vix?days=abc')).statusCode, 400);
  });

  it('a page asked for with a bad query answers an HTML error page with the site around it, not JSON', async () => {
    for (const query of ['days=abc', 'days=30&start=2020-01-01', 'start=2021-01-01&end=2020-01-01', 'compare=nope']) {
      const res = await h.app.inject({ url: `/indicators/vix?${query}`, headers: { accept: 'text/html' } });
      assert.equal(res.statusCode, 400, query);
      assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
      assert.match(res.body, /<nav aria-label="Main">/);
      assert.match(res.body, /This page cannot be shown as asked/);
      assert.equal(res.headers['cache-control'], 'no-store');
    }
    const machine = await h.app.inject('/indicators/vix?days=abc');
    assert.equal(machine.json().error.code, 'invalid_parameter');
  });

  it('a Markdown error page quotes the bad query as text, never as raw HTML', async () => {
    for (const url of [
      '/indicators/tga.md?days=%3Cscript%3Ealert(1)%3C/script%3E',
      '/indicators/vix.md?compare=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E',
      '/indicators/vix.md?start=%3Cb%3E',
    ]) {
      const res = await h.app.inject({ url, headers: { accept: 'text/markdown' } });
      assert.equal(res.statusCode, 400, url);
      // No raw markup: no `<` at all, and `>` only as the blockquote marker that opens a line.
      assert.doesNotMatch(res.body, /<|[^\n]>/, url);
      assert.match(res.body, /&lt;/, `${url}: the value is still quoted`);
    }
  });

  it('ranges fit the frequency: a quarterly series offers no 3-month range and opens on its whole history', async () => {
    const quarterly = (await h.app.inject('/indicators/debt-to-gdp')).body;
    assert.doesNotMatch(quarterly, />3 months</);
    assert.ok(quarterly.includes('src="/charts/debt-to-gdp.svg?days=4000"'));
    const daily = (await h.app.inject('/indicators/vix')).body;
    assert.match(daily, />3 months</);
    assert.ok(daily.includes('src="/charts/vix.svg?days=365"'));
  });

  it('custom ranges and comparisons: the page, its chart and its data table follow the query', async () => {
    const page = await h.app.inject('/indicators/vix?start=2024-01-01&end=2024-06-30&compare=hy-spread');
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /cannot be drawn here: its values are withheld/, 'a withheld series is never drawn');
    const both = (await h.app.inject('/indicators/tga?start=2024-01-01&end=2024-06-30&compare=onrrp')).body;
    assert.ok(both.includes('src="/charts/tga.svg?start=2024-01-01&amp;end=2024-06-30&amp;compare=onrrp"'));
    assert.match(
      both,
      /<th scope="col">Treasury General Account \(USD bn\)<\/th><th scope="col">Overnight reverse repo/,
    );
    const rows = [...both.matchAll(/<tr><th scope="row">(\d{4}-\d{2}-\d{2})<\/th>/g)].map((m) => m[1]!);
    assert.ok(rows.length > 0 && rows.every((d) => d >= '2024-01-01' && d <= '2024-06-30'), 'table rows in range');
    const chart = await h.app.inject('/charts/tga.svg?start=2024-01-01&end=2024-06-30&compare=onrrp');
    assert.equal(chart.statusCode, 200);
    assert.match(chart.body, /Overnight reverse repo/);
    assert.equal((await h.app.inject('/charts/tga.svg?compare=hy-spread')).json().error.code, 'values_withheld');
  });

  it('archive: a calendar per year, day pages with a chart and the week’s group moves, helpful 404 on a weekend', async () => {
    const history = (await h.app.inject('/api/history')).json();
    const year = history.to.slice(0, 4);
    const calendar = (await h.app.inject('/archive')).body;
    assert.match(calendar, new RegExp(`<h1>Archive: ${year}</h1>`));
    const linked = [...calendar.matchAll(/href="\/today\/(\d{4}-\d{2}-\d{2})"/g)].map((m) => m[1]!);
    assert.deepEqual(
      [...linked].sort(),
      history.dates.filter((d: string) => d.startsWith(year)),
      'every day of the year, and only those',
    );
    const day = history.dates[history.count - 10];
    const page = (await h.app.inject(`/today/${day}`)).body;
    // The day's own chart (its day marked, date ticks: issue 43) and how its level is made.
    assert.match(page, new RegExp(`src="/charts/day-${day}\\.svg"`));
    assert.match(page, new RegExp(`src="/charts/contributions-${day}\\.svg"`));
    assert.match(page, /What moved over the week/);
    assert.match(
      page,
      /<a href="\/indicators\/[a-z0-9-]+">[^<]+<\/a> pushed toward (tighter|looser): its share of the aggregate changed by [+−]\d/,
      'the inputs that moved it, named',
    );
    const saturday = ['2024-03-09', '2024-03-10'].find((d) => d >= history.from && d <= history.to) ?? history.to;
    const weekend = await h.app.inject({ url: `/today/${saturday}`, headers: { accept: 'text/html' } });
    assert.equal(weekend.statusCode, 404);
    assert.match(weekend.body, /readings exist for business days only|no reading/i);
    assert.match(weekend.body, /href="\/today\/\d{4}-\d{2}-\d{2}"/, 'links the nearest readings');
  });

  it('/today links to dated archive pages that exist, in both forms', async () => {
    const history = (await h.app.inject('/api/history')).json();
    const date = history.dates[Math.floor(history.count / 2)];
    const html = await h.app.inject(`/today/${date}`);
    assert.equal(html.statusCode, 200);
    assert.ok(html.body.includes(`${history.headline[Math.floor(history.count / 2)]} / 100`));
    assert.equal((await h.app.inject(`/today/${date}.md`)).headers['content-type'], 'text/markdown; charset=utf-8');
    assert.equal((await h.app.inject({ url: '/today/1999-01-01', headers: { accept: 'text/html' } })).statusCode, 404);
    assert.equal((await h.app.inject({ url: '/today/not-a-date', headers: { accept: 'text/html' } })).statusCode, 404);
  });

  it('unknown pages: an HTML 404 for browsers, the JSON envelope for machines', async () => {
    const browser = await h.app.inject({
      url: '/no/such/page',
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    assert.equal(browser.statusCode, 404);
    assert.equal(browser.headers['content-type'], 'text/html; charset=utf-8');
    const machine = await h.app.inject('/no/such/page');
    assert.equal(machine.statusCode, 404);
    assert.equal(machine.json().error.code, 'not_found');
    assert.equal((await h.app.inject({ url: '/blog/nope', headers: { accept: 'text/html' } })).statusCode, 404);
  });

  for (const path of ['/methodology', '/docs', '/markets']) {
    it(`${path}: its table of contents lists every section the page has and nothing else`, async () => {
      // Written by hand, the contents listed a section the page leaves out without a model and missed one (MCP).
      const html = (await h.app.inject({ method: 'GET', url: path })).payload;
      const toc = html.match(/<nav class="toc"[\s\S]*?<\/nav>/)?.[0] ?? '';
      const listed = [...toc.matchAll(/href="#([^"]+)"/g)].map((m) => m[1]);
      const sections = [...html.matchAll(/<h2[^>]* id="([^"]+)"/g)].map((m) => m[1]);
      assert.ok(sections.length > 2, `${path} has sections`);
      assert.deepEqual(listed, sections);
    });
  }

  it('every link on every kind of page resolves, and every download is what it says', async () => {
    const history = (await h.app.inject('/api/history')).json();
    const pages = [
      '/',
      '/docs',
      '/about',
      '/markets',
      '/methodology',
      '/lens/de',
      '/archive',
      `/today/${history.dates[history.count - 5]}`,
      '/indicators/tga?start=2024-01-01&compare=onrrp',
    ];
    const types: Array<[RegExp, RegExp]> = [
      [/\.csv(\?|$)/, /^text\/csv/],
      [/\.png(\?|$)/, /^image\/png$/],
      [/\.svg(\?|$)/, /^image\/svg\+xml/],
      [/^\/feed\.xml$/, /^application\/atom\+xml/],
    ];
    for (const path of pages) {
      const html = (await h.app.inject(path)).body;
      const links = [...html.matchAll(/(?:href|src)="(\/[^"#]*)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
      assert.ok(links.length > 10);
      for (const link of new Set(links)) {
        const res = await h.app.inject({ url: link, headers: { accept: 'text/html' } });
        assert.equal(res.statusCode, 200, `${path} → ${link}`);
        const expected = types.find(([pattern]) => pattern.test(link))?.[1];
        if (expected) assert.match(String(res.headers['content-type']), expected, link);
      }
    }
  });
});
