import type { ServerResponse } from 'node:http';

/**
 * Headers every answer on a connection carries whatever it is (the RateLimit fields, HSTS, `Connection: close`
 * while closing), kept beside the response until it is written rather than set on it with setHeader: a header set
 * that way makes Node merge it with the prepared head of every answer, header by header, which cost the rate
 * limit a large share of the small-JSON throughput. The writers (answers/write-prepared.ts,
 * api-error.ts, the MCP writers, the CORS preflight) add them to the one head object they write.
 */
const ANSWER_HEADERS = Symbol('answer headers');

type WithAnswerHeaders = ServerResponse & { [ANSWER_HEADERS]?: Record<string, string> };

export function addAnswerHeaders(res: ServerResponse, headers: Readonly<Record<string, string>>): void {
  const target = res as WithAnswerHeaders;
  target[ANSWER_HEADERS] = target[ANSWER_HEADERS] ? { ...target[ANSWER_HEADERS], ...headers } : { ...headers };
}

export function answerHeaders(res: ServerResponse): Readonly<Record<string, string>> | undefined {
  return (res as WithAnswerHeaders)[ANSWER_HEADERS];
}
