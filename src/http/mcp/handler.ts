import type { IncomingMessage, ServerResponse } from 'node:http';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { SERVICE_VERSION } from '../../publish/service-version.ts';
import { INDICATOR_COUNT } from '../../timeseries/catalog.ts';
import { ApiError, writeError } from '../errors/api-error.ts';
import type { RouteContext } from '../routes/route.ts';
import { goneSignal } from '../routing/request.ts';
import { Admission } from './admission.ts';
import { answerToolCall, mayAnswerToolCall } from './fast-path.ts';
import { webRequest, writeMcpResponse } from './response.ts';
import { callTool, toolList } from './tools.ts';

export { callTool } from './tools.ts';

/**
 * The Model Context Protocol server (official SDK, low-level `Server`, so that tool schemas are plain JSON Schema)
 * over the tools of mcp/tools.ts, served as streamable HTTP at /mcp (stateless: a server per request; a tool call
 * whose route answers a prepared response takes the fast path, mcp/fast-path.ts) and over stdio by
 * `usd-liquidity mcp`; and MCP's bounded share of the serving thread (admission).
 */
/** An MCP server over the current publication; a tool call waits for `ready()` (the stdio server's first read). */
export function createMcpServer(
  context: RouteContext,
  ready: () => Promise<unknown> = () => Promise.resolve(),
  client?: string,
): Server {
  const server = new Server(
    { name: 'usd-liquidity', title: 'US-dollar liquidity', version: SERVICE_VERSION },
    {
      capabilities: { tools: {} },
      instructions: `Read-only US-dollar liquidity data: the regime (0 loosest … 100 tightest of five years), ${INDICATOR_COUNT} series, the daily history, a narrated lens, market correlations and the model. Every answer dates its data — freshness (regime, history, series), dataAsOf (lens, correlation, model), and provenance.inputs[].lastDate for each input — and _meta.provenance names the API URL that answers the same.`,
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: toolList() }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    await ready();
    return callTool(context, request.params.name, (request.params.arguments ?? {}) as Record<string, unknown>, client);
  });
  return server;
}

/**
 * The bounds of MCP's share of the serving thread (mcp/admission.ts): exchanges at
 * once and started a second, exchanges waiting for a turn before one more is refused, and the longest wait.
 */
export const MCP_BOUNDS = { inFlight: 4, perSecond: 40, waiting: 64, maxWaitMs: 10_000 } as const;

const admission = new Admission(MCP_BOUNDS);

/** The exchanges started and waiting (tests read it). */
export function mcpAdmission(): Pick<Admission, 'inFlight' | 'waiting'> {
  return admission;
}

/** POST /mcp: one stateless streamable-HTTP exchange (a server and a transport per request). */
export async function handleMcpRequest(
  context: RouteContext,
  req: IncomingMessage,
  res: ServerResponse,
  body: unknown,
  client?: string,
): Promise<void> {
  // A tool call whose route answers a response is written from its bytes (mcp/fast-path.ts): MCP at REST's cost,
  // bounded as REST is (the rate limit per client; what is computed, by the one gate of on-demand work). Only the
  // SDK's path — a server and a transport per exchange — waits for the admission below.
  if (mayAnswerToolCall(req, body) && (await answerToolCall(context, req, res, body, client))) return;
  const ticket = await admission.enter(goneSignal(res));
  if (res.destroyed || res.writableEnded) {
    ticket?.done();
    return;
  }
  if (!ticket) {
    writeError(
      res,
      context.baseUrl,
      new ApiError(
        'busy',
        `MCP answers ${MCP_BOUNDS.inFlight} requests at once and starts at most ${MCP_BOUNDS.perSecond} a second; ${MCP_BOUNDS.waiting} more wait their turn, for at most ${MCP_BOUNDS.maxWaitMs / 1000} s.`,
        'Retry in 1 second.',
        { 'retry-after': '1' },
      ),
    );
    return;
  }
  res.once('close', ticket.done);
  const server = createMcpServer(context, undefined, client);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  try {
    await server.connect(transport as Transport);
    const response = await transport.handleRequest(webRequest(req), { parsedBody: body });
    await writeMcpResponse(req, res, response, isToolList(body));
  } finally {
    void transport.close();
    void server.close();
  }
}

/** A tools/list request: its answer is the same bytes for every client numbering it alike. */
function isToolList(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as { method?: unknown }).method === 'tools/list';
}
