import { createRefreshedHarness } from './harness.ts';

/**
 * Every public text that counts or lists the indicators, as a refreshed service serves it: the API directory, the
 * OpenAPI document, an unknown id's hint, the MCP handshake and tool list, the snapshot, the dashboard and
 * llms.txt. Printed as JSON (run as a child process by test/timeseries/indicator-count.test.ts).
 */
const h = await createRefreshedHarness();
const get = async (url: string) => (await h.app.inject({ url, headers: { accept: '*/*' } })).body;
const mcp = async (method: string, id: number) =>
  (
    await h.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json' },
      payload: { jsonrpc: '2.0', id, method, params: method === 'initialize' ? initialize : {} },
    })
  ).body;
const initialize = { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'count', version: '1' } };
const texts = {
  directory: await get('/api'),
  openapi: await get('/openapi.json'),
  unknownSeries: await get('/api/series/nope'),
  snapshot: await get('/api/snapshot'),
  mcpInitialize: await mcp('initialize', 1),
  mcpTools: await mcp('tools/list', 2),
  dashboard: await get('/'),
  dashboardMarkdown: await get('/index.md'),
  llmsTxt: await get('/llms.txt'),
};
const seriesStatus = (await h.app.inject('/api/series/sofr')).statusCode;
await h.close();
process.stdout.write(JSON.stringify({ texts, seriesStatus }));
