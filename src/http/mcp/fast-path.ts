import type { IncomingMessage, ServerResponse } from 'node:http';
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { type Static, Type } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { keptAnswers, MIB } from '../../publish/kept.ts';
import { jsonStringCharacters, type PreparedResponse } from '../../publish/prepared-response.ts';
import { ApiError } from '../errors/api-error.ts';
import type { RouteContext } from '../routes/route.ts';
import { writeMcpBody } from './response.ts';
import { errorResult, toolCall, toolMeta } from './tools.ts';

/**
 * MCP at REST's cost: a `tools/call` of an API tool whose route answers a response — pre-built, or
 * computed within the bound of on-demand work — is written from that response's bytes: the JSON-RPC result holds
 * the body twice (as the text content — a series window's from its points escaped once per series, any other's
 * escaped once per response and kept — and as structuredContent, as it is), so nothing is parsed, validated or
 * serialized again per call. The SDK's path (a server and a transport per exchange, the result parsed and
 * re-serialized) costs the serving thread orders of magnitude more than the REST answer.
 * Everything else — other methods, batches, errors, list_series, a request the SDK would refuse (Accept,
 * Content-Type, protocol version) — goes the SDK's way: false is returned, nothing written.
 */
/**
 * Each body escaped as a JSON string, by its ETag (one body, one escape), kept like every other answer: bounded in
 * bytes, not beside each response (that would be a second copy of the on-demand answers' memo, outside any budget).
 */
const escapedBodies = keptAnswers<Buffer>('MCP tool results, the body escaped as text', {
  bytes: 4 * MIB,
  sizeOf: (escaped) => escaped.length,
});

/** A single JSON-RPC tool call, as the fast path takes it (a batch, or another method, is the SDK's). */
const ToolCallRequest = Type.Object({
  jsonrpc: Type.Literal('2.0'),
  id: Type.Union([Type.String(), Type.Integer()]),
  method: Type.Literal('tools/call'),
  params: Type.Object({
    name: Type.String(),
    arguments: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  }),
});
type ToolCallRequest = Static<typeof ToolCallRequest>;
const toolCallRequest = TypeCompiler.Compile(ToolCallRequest);

/** The SDK's own checks of a POST (webStandardStreamableHttp.js): a request it would refuse is left to it. */
function sdkWouldServe(req: IncomingMessage): boolean {
  const accept = req.headers.accept ?? '';
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  const version = req.headers['mcp-protocol-version'];
  return (
    accept.includes('application/json') &&
    accept.includes('text/event-stream') &&
    type === 'application/json' &&
    (version === undefined || (typeof version === 'string' && SUPPORTED_PROTOCOL_VERSIONS.includes(version)))
  );
}

/**
 * A request the fast path may answer: a single call of an API tool (list_series has no route) that the SDK would
 * serve, checked without waiting (an exchange left to the SDK enters its admission at once).
 */
export function mayAnswerToolCall(req: IncomingMessage, body: unknown): body is ToolCallRequest {
  return toolCallRequest.Check(body) && body.params.name !== 'list_series' && sdkWouldServe(req);
}

/** Answers a tool call (mayAnswerToolCall) from its route's response bytes; false when it is left to the SDK. */
export async function answerToolCall(
  context: RouteContext,
  req: IncomingMessage,
  res: ServerResponse,
  body: ToolCallRequest,
  client: string | undefined,
): Promise<boolean> {
  let call: ReturnType<typeof toolCall>;
  try {
    call = toolCall(context, body.params.name, { ...(body.params.arguments ?? {}) }, client);
  } catch {
    return false; // an unknown tool or argument: the SDK answers the protocol error
  }
  if (!('answer' in call)) return false;
  const answer = await call.answer;
  if (answer instanceof ApiError) {
    // The tool's error result (busy included), as the SDK path words it, without running the tool again.
    const result = errorResult(answer, context.baseUrl);
    await writeJson(req, res, Buffer.from(JSON.stringify({ jsonrpc: '2.0', id: body.id, result })));
    return true;
  }
  if (answer.status !== 200) return false;
  if (!(answer.headers['content-type'] ?? '').startsWith('application/json')) return false;
  await writeJson(req, res, resultParts(body.id, answer, JSON.stringify(toolMeta(context, call.url))));
  return true;
}

/**
 * The JSON-RPC response, in parts: the id, then the result with the body as text and as structured content. The
 * text is the answer's own (a series window's: slices of its points escaped once) or its body escaped once per
 * ETag; the structured content is the answer's bytes, written as they are (a window's views are not joined).
 */
function resultParts(id: string | number, answer: PreparedResponse, meta: string): Buffer[] {
  const text = answer.jsonText?.() ?? [escapedBody(answer)];
  return [
    Buffer.from(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"content":[{"type":"text","text":"`),
    ...text,
    STRUCTURED_CONTENT,
    ...(answer.parts ?? [answer.body]),
    Buffer.from(`,"_meta":${meta}}}`),
  ];
}

/** The body as JSON string characters, escaped once per body. */
function escapedBody(answer: PreparedResponse): Buffer {
  const body = answer.body;
  // A strong ETag names the bytes (RFC 9110); the length guards against a tag reused by mistake.
  const key = `${answer.etag}|${body.length}`;
  let escaped = escapedBodies.get(key);
  if (!escaped) {
    escaped = jsonStringCharacters(body);
    escapedBodies.set(key, escaped);
  }
  return escaped;
}

const STRUCTURED_CONTENT = Buffer.from('"}],"structuredContent":');

/** Encoded as the SDK path's answers are (mcp/response.ts). */
function writeJson(req: IncomingMessage, res: ServerResponse, body: Buffer | readonly Buffer[]): Promise<void> {
  return writeMcpBody(req, res, 200, { 'content-type': 'application/json' }, body);
}
