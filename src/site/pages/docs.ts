import { contents } from '../page/contents.ts';
import { type Block, heading, headingId, inlines, list, type Page, paragraph, prose, table } from '../page/page.ts';
import type { SiteData } from '../site-data.ts';

/** The API documentation page; error envelopes' `docs` URLs point at its #error-<code> anchors. */
export function docsPage(data: SiteData): Page {
  const sections: Block[] = [
    ...data.endpoints.flatMap((endpoint) => endpointBlocks(endpoint, data)),
    ...downloadsBlocks(),
    ...mcpBlocks(data.baseUrl),
    ...errorBlocks(data.errors),
  ];
  const intro = prose(
    'A free, read-only JSON API. No keys. Every response carries `Access-Control-Allow-Origin: *`, a strong `ETag` (send `If-None-Match` for 304) and a `Cache-Control` per endpoint. Machine-readable: [/openapi.json](/openapi.json), [/api](/api), [/.well-known/api-catalog](/.well-known/api-catalog).',
  );
  const blocks: Block[] = [intro, contents(sections), ...sections];
  return {
    path: '/docs',
    title: 'API documentation',
    description: 'Every endpoint of the usd-liquidity API with a curl and a real response, and every error code.',
    blocks,
  };
}

type Endpoint = SiteData['endpoints'][number];

/** One endpoint: its heading, description, parameters, cache policy and errors, and a real example. */
function endpointBlocks(endpoint: Endpoint, data: SiteData): Block[] {
  const example = data.examples.find((e) => e.title === endpoint.path);
  const parameters = endpoint.parameters.map((p) => [
    [{ code: p.name }],
    [p.in],
    [p.required ? 'yes' : 'no'],
    [p.type],
    [p.description],
  ]);
  return [
    heading(2, `${endpoint.method} ${endpoint.path}`, headingId(endpoint.path)),
    paragraph(endpoint.description),
    ...(parameters.length > 0 ? [table(['Parameter', 'In', 'Required', 'Type', 'Description'], parameters)] : []),
    paragraph(
      'Cache-Control: ',
      { code: endpoint.cacheControl },
      endpoint.errors.length ? ' · errors: ' : '',
      ...endpoint.errors.flatMap((code, i) => [i ? ', ' : '', { text: code, href: `#error-${code}` }]),
    ),
    ...(example
      ? ([
          { kind: 'code', language: 'sh', text: `curl -s '${data.baseUrl}${example.path}'` },
          {
            kind: 'details',
            summary: `Example response (${(example.body.length / 1024).toFixed(1)} kB, a real response, trimmed)`,
            blocks: [{ kind: 'code', language: 'json', text: example.body }],
          },
        ] satisfies Block[])
      : []),
  ];
}

function downloadsBlocks(): Block[] {
  return [
    heading(2, 'Downloads: CSV and charts', 'downloads'),
    list(
      ...[
        '`GET /api/series/{id}.csv?days=N` — a series as RFC 4180 CSV with the unit in the column name (`date,value_usd_bn`), same window as the JSON.',
        '`GET /api/history.csv` — the daily headline, status, aggregate and group readings.',
        '`GET /charts/{id}.svg` and `.png` — charts for embedding: `days` or `start`/`end`, `compare` (a second series), `style=line|compact|spark`.',
        '`GET /feed.xml` — an Atom feed of regime changes and blog posts.',
        '`GET /api/bulk.zip` — everything in one file: every reproducible series as one long CSV (`series_id,date,value,unit`), the history, the model and a README.',
      ].map(inlines),
    ),
  ];
}

function mcpBlocks(baseUrl: string): Block[] {
  return [
    heading(2, 'For agents: MCP', 'mcp'),
    prose(
      'A Model Context Protocol server (official SDK) answers the same data as tools: `get_regime`, `get_series` (id, days, start, end), `get_history`, `get_lens` (lang), `get_correlation`, `get_model`, `get_health` and `list_series`. Each tool runs the endpoint’s own handler, with its input schema from the endpoint’s parameters and its output schema from the endpoint’s response schema; every answer names its API URL and publication in `_meta.provenance`. Read-only and idempotent.',
    ),
    list(
      inlines(
        `Streamable HTTP (stateless): \`${baseUrl}/mcp\` — JSON-RPC by POST, with \`Content-Type: application/json\` and \`Accept: application/json, text/event-stream\` (the transport answers 406 without both).`,
      ),
      inlines(
        'stdio: `usd-liquidity mcp` where the package is installed, or `npm run -s mcp` from a clone (reading the store named by DATABASE_URL).',
      ),
    ),
  ];
}

function errorBlocks(errors: SiteData['errors']): Block[] {
  return [
    heading(2, 'Errors', 'errors'),
    prose(
      'Every non-2xx response under /api is JSON: `{"error":{"code","message","hint","docs"},"status"}`. The code is stable snake_case; status repeats the HTTP status.',
    ),
    ...errors.flatMap((error): Block[] => [
      heading(3, `${error.code} (${error.status})`, `error-${error.code}`),
      paragraph(error.description),
    ]),
  ];
}
