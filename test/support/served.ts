import { createRefreshedHarness } from './harness.ts';

/**
 * What a refreshed service answers to each request named on the command line (`GET /path`, or `MCP method`),
 * printed as one JSON object { [request]: { status, body } }: run as a child process, after source edits
 * (source-edits.ts), by the tests of the worked paths in docs/contributing.md.
 */
const h = await createRefreshedHarness();
const initialize = { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'served', version: '1' } };

async function answer(request: string): Promise<{ status: number; body: string }> {
  const [kind, target] = request.split(' ') as [string, string];
  const response =
    kind === 'MCP'
      ? await h.app.inject({
          method: 'POST',
          url: '/mcp',
          headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json' },
          payload: { jsonrpc: '2.0', id: 1, method: target, params: target === 'initialize' ? initialize : {} },
        })
      : await h.app.inject({ url: target, headers: { accept: '*/*' } });
  return { status: response.statusCode, body: response.body };
}

const answers: Record<string, { status: number; body: string }> = {};
for (const request of process.argv.slice(2)) answers[request] = await answer(request);
await h.close();
process.stdout.write(JSON.stringify(answers));
