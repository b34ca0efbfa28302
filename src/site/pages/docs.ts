import { type Block, heading, headingId, list, type Page, paragraph, table } from '../page/page.ts';
import type { SiteData } from '../site-data.ts';

/** The API documentation page; error envelopes' `docs` URLs point at its #error-<code> anchors. */
export function docsPage(data: SiteData): Page {
  const blocks: Block[] = [
    introBlock(),
    tocBlock(data.endpoints),
    ...data.endpoints.flatMap((endpoint) => endpointBlocks(endpoint, data)),
    ...downloadsBlocks(),
    ...mcpBlocks(data.baseUrl),
    ...errorBlocks(data.errors),
  ];
  return {
    path: '/docs',
    title: 'API documentation',
    description: 'Every endpoint of the usd-liquidity API with a curl and a real response, and every error code.',
    blocks,
  };
}

type Endpoint = SiteData['endpoints'][number];

function introBlock(): Block {
  return paragraph(
    'A free, read-only JSON API. No keys. Every response carries ',
    { code: 'Access-Control-Allow-Origin: *' },
    ', a strong ',
    { code: 'ETag' },
    ' (send ',
    { code: 'If-None-Match' },
    ' for 304) and a ',
    { code: 'Cache-Control' },
    ' per endpoint. Machine-readable: ',
    { text: '/openapi.json', href: '/openapi.json' },
    ', ',
    { text: '/api', href: '/api' },
    ', ',
    { text: '/.well-known/api-catalog', href: '/.well-known/api-catalog' },
    '.',
  );
}

function tocBlock(endpoints: readonly Endpoint[]): Block {
  return {
    kind: 'toc',
    items: [
      ...endpoints.map((e) => ({ text: `${e.method} ${e.path}`, id: headingId(e.path) })),
      { text: 'Downloads: CSV and charts', id: 'downloads' },
      { text: 'Errors', id: 'errors' },
    ],
  };
}

/** One endpoint: its heading, description, parameters, cache policy and errors, and a real example. */
function endpointBlocks(endpoint: Endpoint, data: SiteData): Block[] {
  const anchor = headingId(endpoint.path);
  const example = data.examples.find((e) => e.title === endpoint.path);
  const blocks: Block[] = [];
  blocks.push(heading(2, `${endpoint.method} ${endpoint.path}`, anchor), paragraph(endpoint.description));
  if (endpoint.parameters.length > 0) {
    blocks.push(
      table(
        ['Parameter', 'In', 'Required', 'Type', 'Description'],
        endpoint.parameters.map((p) => [
          [{ code: p.name }],
          [p.in],
          [p.required ? 'yes' : 'no'],
          [p.type],
          [p.description],
        ]),
      ),
    );
  }
  blocks.push(
    paragraph(
      'Cache-Control: ',
      { code: endpoint.cacheControl },
      endpoint.errors.length ? ' · errors: ' : '',
      ...endpoint.errors.flatMap((code, i) => [i ? ', ' : '', { text: code, href: `#error-${code}` }]),
    ),
  );
  if (example) {
    blocks.push({ kind: 'code', language: 'sh', text: `curl -s '${data.baseUrl}${example.path}'` });
    blocks.push({
      kind: 'details',
      summary: `Example response (${(example.body.length / 1024).toFixed(1)} kB, a real response, trimmed)`,
      blocks: [{ kind: 'code', language: 'json', text: example.body }],
    });
  }
  return blocks;
}

function downloadsBlocks(): Block[] {
  return [
    heading(2, 'Downloads: CSV and charts', 'downloads'),
    list(
      [
        { code: 'GET /api/series/{id}.csv?days=N' },
        ' — a series as RFC 4180 CSV with the unit in the column name (',
        { code: 'date,value_usd_bn' },
        '), same window as the JSON.',
      ],
      [{ code: 'GET /api/history.csv' }, ' — the daily headline, status, aggregate and group readings.'],
      [
        { code: 'GET /charts/{id}.svg' },
        ' and ',
        { code: '.png' },
        ' — charts for embedding: ',
        { code: 'days' },
        ' or ',
        { code: 'start' },
        '/',
        { code: 'end' },
        ', ',
        { code: 'compare' },
        ' (a second series), ',
        { code: 'style=line|compact|spark' },
        '.',
      ],
      [{ code: 'GET /feed.xml' }, ' — an Atom feed of regime changes and blog posts.'],
      [
        { code: 'GET /api/bulk.zip' },
        ' — everything in one file: every reproducible series as one long CSV (',
        { code: 'series_id,date,value,unit' },
        '), the history, the model and a README.',
      ],
    ),
  ];
}

function mcpBlocks(baseUrl: string): Block[] {
  return [
    heading(2, 'For agents: MCP', 'mcp'),
    paragraph(
      'A Model Context Protocol server (official SDK) answers the same data as tools: ',
      { code: 'get_regime' },
      ', ',
      { code: 'get_series' },
      ' (id, days, start, end), ',
      { code: 'get_history' },
      ', ',
      { code: 'get_lens' },
      ' (lang), ',
      { code: 'get_correlation' },
      ', ',
      { code: 'get_model' },
      ', ',
      { code: 'get_health' },
      ' and ',
      { code: 'list_series' },
      '. Each tool runs the endpoint’s own handler, with its input schema from the endpoint’s parameters and its output schema from the endpoint’s response schema; every answer names its API URL and publication in ',
      { code: '_meta.provenance' },
      '. Read-only and idempotent.',
    ),
    list(
      ['Streamable HTTP (stateless): ', { code: `${baseUrl}/mcp` }, ' — JSON-RPC by POST.'],
      [
        'stdio, from a clone of the project: ',
        { code: 'npm run -s mcp' },
        ' (reading the store named by DATABASE_URL).',
      ],
    ),
  ];
}

function errorBlocks(errors: SiteData['errors']): Block[] {
  return [
    heading(2, 'Errors', 'errors'),
    paragraph(
      'Every non-2xx response under /api is JSON: ',
      { code: '{"error":{"code","message","hint","docs"},"status"}' },
      '. The code is stable snake_case; status repeats the HTTP status.',
    ),
    ...errors.flatMap((error): Block[] => [
      heading(3, `${error.code} (${error.status})`, `error-${error.code}`),
      paragraph(error.description),
    ]),
  ];
}
