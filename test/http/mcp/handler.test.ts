import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createHarness, type Harness } from '../../support/harness.ts';

const TOOLS = [
  'get_correlation',
  'get_health',
  'get_history',
  'get_lens',
  'get_model',
  'get_regime',
  'get_series',
  'list_series',
];

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

type Result = { structuredContent?: Record<string, unknown>; isError?: boolean; content: unknown; _meta?: unknown };

/**
 * The MCP server, tested with the SDK's own client over both transports: streamable HTTP at /mcp and stdio
 * through `usd-liquidity mcp`. The SDK client validates every structured answer against the tool's output schema.
 */
describe('MCP: the same answers as the API, to agents', () => {
  let h: Harness;
  let dir: string;
  let origin: string;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'usdl-mcp-'));
    h = await createHarness({ databaseUrl: `sqlite:${join(dir, 'mcp.sqlite')}` });
    await h.refresh();
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
  });
  after(async () => {
    await h.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function exercise(client: Client) {
    const tools = await client.listTools();
    assert.deepEqual(tools.tools.map((t) => t.name).sort(), TOOLS);
    for (const tool of tools.tools) {
      assert.equal(tool.annotations?.readOnlyHint, true, tool.name);
      assert.equal(tool.annotations?.idempotentHint, true, tool.name);
      assert.equal(tool.outputSchema?.type, 'object', tool.name);
    }
    const regime = (await client.callTool({ name: 'get_regime', arguments: {} })) as Result;
    const api = (await h.app.inject('/api/regime')).json();
    assert.deepEqual(regime.structuredContent, api, 'the API’s answer, byte for byte parsed');
    assert.ok((regime.structuredContent as { freshness?: unknown }).freshness, 'its freshness');
    const meta = regime._meta as { provenance: { url: string; publication: { version: number } } };
    assert.match(meta.provenance.url, /\/api\/regime$/);
    assert.equal(typeof meta.provenance.publication.version, 'number');
    const series = (await client.callTool({ name: 'get_series', arguments: { id: 'tga', days: 30 } })) as Result;
    assert.deepEqual(series.structuredContent, (await h.app.inject('/api/series/tga?days=30')).json());
    // Its output schema shares its repeated parts under $defs (shared-definitions.ts): the client resolves them.
    const correlation = (await client.callTool({ name: 'get_correlation', arguments: {} })) as Result;
    assert.deepEqual(correlation.structuredContent, (await h.app.inject('/api/correlation')).json());
    const lens = (await client.callTool({ name: 'get_lens', arguments: { lang: 'ja' } })) as Result;
    assert.equal((lens.structuredContent as { lang: string }).lang, 'ja');
    const list = (await client.callTool({ name: 'list_series', arguments: {} })) as Result;
    assert.equal((list.structuredContent as { series: unknown[] }).series.length, 25);
    const bad = (await client.callTool({ name: 'get_series', arguments: { id: 'nope' } })) as Result;
    assert.equal(bad.isError, true);
    assert.match(JSON.stringify(bad.content), /unknown_series/);
  }

  it('over streamable HTTP at /mcp', async () => {
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${origin}/mcp`)));
    try {
      await exercise(client);
    } finally {
      await client.close();
    }
    const get = await fetch(`${origin}/mcp`);
    assert.equal(get.status, 405);
    assert.equal(get.headers.get('allow'), 'POST');
  });

  it('over stdio from a clone, as the README configures it: npm run -s mcp', async () => {
    const client = new Client({ name: 'test', version: '1.0.0' });
    const env = Object.fromEntries(
      Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined),
    );
    await client.connect(
      new StdioClientTransport({
        command: 'npm',
        args: ['run', '-s', '--prefix', ROOT, 'mcp'],
        env: { ...env, DATABASE_URL: `sqlite:${join(dir, 'mcp.sqlite')}` },
        stderr: 'pipe',
      }),
    );
    try {
      const tools = await client.listTools();
      assert.equal(tools.tools.length, TOOLS.length);
      const health = (await client.callTool({ name: 'get_health', arguments: {} })) as Result;
      assert.equal(health.isError, undefined);
    } finally {
      await client.close();
    }
  });

  it('over stdio, launched as `usd-liquidity mcp` on the same store', async () => {
    const client = new Client({ name: 'test', version: '1.0.0' });
    const env = Object.fromEntries(
      Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined),
    );
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: ['src/cli.ts', 'mcp'],
        env: { ...env, DATABASE_URL: `sqlite:${join(dir, 'mcp.sqlite')}`, BASE_URL: 'http://api.example.test' },
        stderr: 'pipe',
      }),
    );
    try {
      const regime = (await client.callTool({ name: 'get_regime', arguments: {} })) as Result;
      // The stdio process runs on the machine's clock, the harness on the fixture's: the reading for a date is the
      // same in both (every window is trailing); the clock only decides which date is the latest.
      const answer = regime.structuredContent as { percentile5y: number; date: string };
      const history = (await h.app.inject('/api/history')).json();
      const k = history.dates.indexOf(answer.date);
      if (k >= 0) assert.equal(answer.percentile5y, history.headline[k]);
      else assert.ok(answer.date > history.to, `${answer.date} after ${history.to}`);
      const tools = await client.listTools();
      assert.equal(tools.tools.length, TOOLS.length);
    } finally {
      await client.close();
    }
  });
});
