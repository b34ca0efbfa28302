import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { type Static, Type } from '@sinclair/typebox';
import { keptAnswers, MIB } from '../../publish/kept.ts';
import type { Parameter } from '../../publish/schemas/directory.ts';
import { SERVICE_VERSION } from '../../publish/service-version.ts';
import { INDICATOR_COUNT, seriesDef } from '../../timeseries/catalog.ts';
import { addDays } from '../../timeseries/dates.ts';
import { licenseOf } from '../../timeseries/licenses.ts';
import { INDICATOR_IDS, LICENSE_TERMS } from '../../timeseries/series.ts';
import { ApiError, errorReply, truncate } from '../errors/api-error.ts';
import { definedFields } from '../params/query.ts';
import { QueryString } from '../params/route-query.ts';
import { PUBLISHED_ROUTES } from '../routes/published-routes.ts';
import { type Answer, queryShapeOf, type Route, type RouteContext } from '../routes/route.ts';
import { getSeries } from '../routes/series.ts';
import { withSharedDefinitions } from './shared-definitions.ts';

/**
 * The MCP tools: one per API route an agent needs (each runs its route's own handler, with the route's documented
 * parameters as its input schema and the route's TypeBox response schema as its output schema), and list_series.
 * Answers are kept per publication. The server (mcp/handler.ts) and the fast path (mcp/fast-path.ts) both call these.
 */
interface ApiTool {
  name: string;
  title: string;
  route: Route;
  /** What the tool adds to the route's description (its own defaults). */
  note?: string;
}

/**
 * Days of history get_history answers without `start`, and get_series without a window or a limit: the whole
 * history is ~350,000 characters (~100k tokens), over common clients' tool-result caps; a year is ~22,000.
 */
const MCP_HISTORY_DEFAULT_DAYS = 365;

const API_TOOLS: readonly ApiTool[] = [
  { name: 'get_regime', title: 'Liquidity regime now', route: PUBLISHED_ROUTES.regime },
  {
    name: 'get_series',
    title: 'One series as a time series',
    route: getSeries,
    note: `Without days, start, end or limit, the last ${MCP_HISTORY_DEFAULT_DAYS} days, transformed or not (a whole daily history is over 100k tokens: ask for it a few years at a time, or with sort=desc and a limit).`,
  },
  {
    name: 'get_history',
    title: 'Daily headline history',
    route: PUBLISHED_ROUTES.history,
    note: `Without start, the last ${MCP_HISTORY_DEFAULT_DAYS} days (the whole history, every business day since the model warmed up, is ~100k tokens: ask for it by start and end, a few years at a time, or download /api/history.csv).`,
  },
  { name: 'get_lens', title: 'Three-axis lens, narrated', route: PUBLISHED_ROUTES.lens },
  { name: 'get_correlation', title: 'Liquidity vs asset prices', route: PUBLISHED_ROUTES.correlation },
  { name: 'get_model', title: 'The model and its validation', route: PUBLISHED_ROUTES.model },
  { name: 'get_health', title: 'Freshness of every source', route: PUBLISHED_ROUTES.health },
];

/** list_series: the indicators with what they mean, their unit, frequency and terms. */
const SeriesList = Type.Object(
  {
    series: Type.Array(
      Type.Object({
        id: Type.String(),
        name: Type.String(),
        description: Type.String(),
        unit: Type.String(),
        frequency: Type.String(),
        risingIsTighter: Type.Union([Type.Boolean(), Type.Null()], {
          description: 'Whether a rise means tighter US-dollar liquidity; null when the series has no direction.',
        }),
        license: Type.String({ description: `The upstream terms (${LICENSE_TERMS.join(', ')}).` }),
        url: Type.String({ description: 'GET this for the observations.' }),
      }),
    ),
  },
  { additionalProperties: false },
);

const READ_ONLY = { readOnlyHint: true, idempotentHint: true, destructiveHint: false, openWorldHint: false };

/** The input schema of a route's tool: its path and query parameters as one JSON Schema object. */
function inputSchema(parameters: readonly Parameter[]) {
  const properties: Record<string, Record<string, unknown>> = {};
  for (const p of parameters) {
    properties[p.name] = {
      type: p.type,
      description: p.description,
      ...definedFields({ enum: p.enum, minimum: p.minimum, maximum: p.maximum }),
    };
  }
  const required = parameters.filter((p) => p.required).map((p) => p.name);
  return {
    type: 'object' as const,
    properties,
    ...(required.length ? { required } : {}),
    additionalProperties: false,
  };
}

/** Schemas as plain JSON (TypeBox adds symbol keys, which JSON drops). */
function plain(schema: unknown): Record<string, unknown> {
  return JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;
}

/** The tool list is the same for every request: built once (its schemas' JSON copies are costly). */
let tools: ReturnType<typeof buildToolList> | undefined;
export const toolList = () => (tools ??= buildToolList());

function buildToolList() {
  return [
    ...API_TOOLS.map((tool) => ({
      name: tool.name,
      title: tool.title,
      description: `${tool.route.spec!.summary}. ${tool.route.spec!.description}${tool.note ? ` ${tool.note} (Otherwise the same answer as GET ${tool.route.path}.)` : ` (Same answer as GET ${tool.route.path}.)`}`,
      inputSchema: inputSchema(tool.route.spec!.parameters),
      outputSchema: withSharedDefinitions(plain(tool.route.spec!.response)),
      annotations: { title: tool.title, ...READ_ONLY },
    })),
    {
      name: 'list_series',
      title: `The ${INDICATOR_COUNT} series`,
      description: 'Every series id with its name, what it measures, its unit, frequency, direction and terms of use.',
      inputSchema: { type: 'object' as const, properties: {}, additionalProperties: false },
      outputSchema: plain(SeriesList),
      annotations: { title: `The ${INDICATOR_COUNT} series`, ...READ_ONLY },
    },
  ];
}

function seriesList(baseUrl: string): Static<typeof SeriesList> {
  return {
    series: INDICATOR_IDS.map((id) => {
      const def = seriesDef(id)!;
      return {
        id,
        name: def.name,
        description: def.description,
        unit: def.unit,
        frequency: def.frequency,
        risingIsTighter: def.risingIsTighter,
        license: licenseOf(def).terms,
        url: `${baseUrl}/api/series/${id}`,
      };
    }),
  };
}

/** Where an answer comes from (the _meta of a tool's result): the publication and the API URL that answers alike. */
export function toolMeta(context: RouteContext, url: string) {
  const publication = context.publication();
  return {
    provenance: {
      url,
      serviceVersion: SERVICE_VERSION,
      publication: publication ? { version: publication.version, builtAt: publication.builtAt } : null,
    },
  };
}

export type ToolResult = {
  content: Array<{ type: 'text'; text: string }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  _meta?: Record<string, unknown>;
};

export function errorResult(error: ApiError, baseUrl: string): ToolResult {
  return { content: [{ type: 'text', text: errorReply(baseUrl, error).body }], isError: true };
}

/**
 * A tool's answer is as immutable as the publication it was read from: kept by publication, tool and arguments
 * (parsing a history's body for `structuredContent` is costly), at most 16 MiB, the parsed object
 * counted as four times its text (it weighs a few times that).
 */
const results = keptAnswers<ToolResult>('MCP tool answers', {
  bytes: 16 * MIB,
  sizeOf: (result) => 4 * (result.content[0]?.text.length ?? 0),
});

/** Runs a tool: an API tool through its route's handler, with the arguments as path and query parameters. */
export async function callTool(
  context: RouteContext,
  name: string,
  args: Record<string, unknown>,
  client?: string,
): Promise<ToolResult> {
  const version = context.publication()?.version;
  const key = version === undefined ? undefined : `${version}|${name}|${JSON.stringify(args)}`;
  const known = key === undefined ? undefined : results.get(key);
  if (known) return known;
  const result = await runTool(context, name, args, client);
  if (key !== undefined && !result.isError) results.set(key, result);
  return result;
}

/** get_history's start without one: MCP_HISTORY_DEFAULT_DAYS before its end (asOf's day, or the latest date). */
function defaultHistoryStart(context: RouteContext, args: Record<string, unknown>): string {
  const asOf =
    typeof args.asOf === 'string' && /^\d{4}-\d{2}-\d{2}/.test(args.asOf) ? args.asOf.slice(0, 10) : undefined;
  const latest = context.publication()?.history?.body.dates.at(-1);
  const end = typeof args.end === 'string' ? args.end : (asOf ?? latest ?? new Date().toISOString().slice(0, 10));
  return addDays(end, -(MCP_HISTORY_DEFAULT_DAYS - 1));
}

/**
 * Arguments a tool does not take are a protocol error naming them all (MCP: invalid arguments are -32602 Invalid
 * params), not a tool result a model might read past: list_series given `q` answered the whole list as if it had
 * searched.
 */
function refuseUnknownArguments(name: string, args: Record<string, unknown>, known: readonly string[]) {
  const unknown = Object.keys(args).filter((key) => !known.includes(key));
  if (unknown.length === 0) return;
  const names = unknown.map((key) => `"${truncate(key)}"`).join(', ');
  throw new McpError(
    ErrorCode.InvalidParams,
    `Unknown argument${unknown.length > 1 ? 's' : ''} ${names} for ${name}; it takes ${known.length > 0 ? known.join(', ') : 'no argument'} (see tools/list).`,
  );
}

async function runTool(
  context: RouteContext,
  name: string,
  args: Record<string, unknown>,
  client?: string,
): Promise<ToolResult> {
  if (name === 'list_series') {
    refuseUnknownArguments(name, args, []);
    const body = seriesList(context.baseUrl);
    return {
      content: [{ type: 'text', text: JSON.stringify(body) }],
      structuredContent: body,
      _meta: toolMeta(context, `${context.baseUrl}/api`),
    };
  }
  const call = toolCall(context, name, args, client);
  if (!('answer' in call)) return call;
  const answer = await call.answer;
  if (answer instanceof ApiError) return errorResult(answer, context.baseUrl);
  const text = answer.body.toString();
  return {
    content: [{ type: 'text', text }],
    structuredContent: JSON.parse(text) as Record<string, unknown>,
    _meta: toolMeta(context, call.url),
  };
}

/** An API tool's call: its route's answer (prepared, or computed within the bound) and the URL that answers alike. */
export interface ToolCall {
  answer: Answer | Promise<Answer>;
  url: string;
}

/**
 * Runs an API tool's route with the arguments as path and query parameters (throws McpError for an unknown tool
 * or argument; list_series is not an API tool). `client` is the asker's share of the on-demand bound.
 */
export function toolCall(
  context: RouteContext,
  name: string,
  args: Record<string, unknown>,
  client?: string,
): ToolCall | ToolResult {
  const tool = API_TOOLS.find((t) => t.name === name);
  // A protocol error, not a tool's result (MCP: "unknown tools" are -32602 Invalid params).
  if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${truncate(name)} (see tools/list).`);
  const spec = tool.route.spec!;
  const known = spec.parameters.map((p) => p.name);
  refuseUnknownArguments(name, args, known);
  if (name === 'get_history' && args.start === undefined) args = { ...args, start: defaultHistoryStart(context, args) };
  if (name === 'get_series' && [args.days, args.start, args.end, args.limit, args.offset].every((a) => a === undefined))
    args = { ...args, days: MCP_HISTORY_DEFAULT_DAYS };
  const params: Record<string, string> = {};
  const query = new URLSearchParams();
  let path = tool.route.path;
  for (const p of spec.parameters) {
    const value = args[p.name];
    if (value === undefined || value === null) continue;
    if (p.in === 'path') {
      params[p.name] = String(value);
      path = path.replace(`{${p.name}}`, encodeURIComponent(String(value)));
    } else query.set(p.name, String(value));
  }
  if (spec.parameters.some((p) => p.in === 'path' && params[p.name] === undefined)) {
    return errorResult(
      new ApiError('invalid_parameter', 'A required argument is missing.', `Arguments: ${known.join(', ')}.`),
      context.baseUrl,
    );
  }
  const answer = tool.route.handle(
    {
      params,
      query: new QueryString(query, queryShapeOf(tool.route)),
      headers: { accept: 'application/json' },
      path,
      markdownPath: false,
      ...(client === undefined ? {} : { client }),
    },
    context,
  );
  const search = query.toString();
  return { answer, url: `${context.baseUrl}${path}${search ? `?${search}` : ''}` };
}
