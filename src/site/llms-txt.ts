import { INDICATOR_COUNT, INDICATOR_FREQUENCIES } from '../timeseries/catalog.ts';
import { everyInterval } from '../timeseries/dates.ts';
import type { SiteData } from './site-data.ts';

/** /llms.txt in the llmstxt.org form: title, summary, then sections of links to the Markdown forms of pages. */
export function llmsTxt(data: SiteData): string {
  const b = data.baseUrl;
  const lines = [
    `# ${data.name}`,
    '',
    `> Free, read-only JSON API and website of US-dollar liquidity indicators: ${INDICATOR_COUNT} series (${INDICATOR_FREQUENCIES}) from FRED, U.S. Treasury Fiscal Data and the New York Fed (Fed balance sheet, TGA, ON RRP, SOFR − IORB, standing repo, credit spreads, VIX, real yields, the dollar, reserves, fiscal series), a versioned and validated liquidity regime (${data.model?.version ?? 'model not computed yet'}; every version and its changelog at /api/model), a three-axis lens, correlations with SPX, QQQ, BTC and gold, and a daily headline history. No authentication; CORS-enabled; what the service computes is CC0-1.0 (inputs keep their upstream terms); refreshed ${everyInterval(data.refreshIntervalHours)}.`,
    '',
    'Every page is also available as Markdown (append .md or send Accept: text/markdown). For agents, /api/snapshot returns everything in one call.',
    '',
    '## API',
    '',
    `- [API documentation](${b}/docs.md): every endpoint with a curl, a real response and the error codes`,
    `- [Endpoint directory](${b}/api): JSON list of endpoints, parameters and the error envelope`,
    `- [OpenAPI 3.1](${b}/openapi.json): machine-readable description`,
    `- [Snapshot](${b}/api/snapshot): regime, indicators, model and directory in one JSON response`,
    `- [Regime](${b}/api/regime): current liquidity regime, drivers and coverage`,
    `- [Lens](${b}/api/lens): Quantity, Price, Structure and the posture × pulse cell (?lang=en|zh|zh-Hant|ja|ko|es|fr|de)`,
    `- [History](${b}/api/history): daily 0–100 headline with status, confidence and sub-indices`,
    `- [Correlation](${b}/api/correlation): rolling correlations, lead/lag and backtest vs SPX, QQQ, BTC, gold`,
    `- [Correlation history](${b}/api/correlation/history): the 52-week rolling correlation with each asset for every week of the history`,
    `- [MCP server](${b}/docs#mcp): Model Context Protocol at ${b}/mcp (JSON-RPC by POST): tools (get_regime, get_series, get_history, get_lens, get_correlation, get_model, get_health, list_series) over streamable HTTP; \`usd-liquidity mcp\` serves them over stdio`,
    `- [Bulk download](${b}/api/bulk.zip): every reproducible series as one long CSV, the history and the model, in one zip`,
    `- CSV: ${b}/api/series/{id}.csv and ${b}/api/history.csv (or Accept: text/csv)`,
    `- Point in time: ?asOf=YYYY-MM-DD (or a date-time) on ${b}/api/series/{id}, ${b}/api/regime, ${b}/api/history and ${b}/api/lens answers what this service knew then; ${b}/api/series/{id}/vintages lists every revision`,
    '',
    '## Indicators',
    '',
    ...data.indicators.map((i) => `- [${i.def.name}](${b}/indicators/${i.def.id}.md): ${i.def.description}`),
    '',
    '## Methodology',
    '',
    `- [Methodology](${b}/methodology.md): the ${data.model?.version ?? ''} model and its changelog, publication lags, validation against NFCI and STLFSI4, lens rules, correlation statistics`,
    `- [Today](${b}/today.md): the latest daily reading and its archive`,
    '',
    '## Blog',
    '',
    ...data.blog.map((p) => `- [${p.title}](${b}/blog/${p.slug}.md): ${p.summary}`),
    '',
    '## Optional',
    '',
    `- [About](${b}/about.md): sources, license, disclaimer`,
    `- [Dashboard](${b}/index.md): the dashboard as Markdown`,
    '',
  ];
  return lines.join('\n');
}
