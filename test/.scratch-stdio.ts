import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const [command, ...args] = process.argv.slice(2);
const env = Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined));
const t0 = performance.now();
const client = new Client({ name: 't', version: '1' });
await client.connect(
  new StdioClientTransport({
    command: command!,
    args,
    env: { ...env, DATABASE_URL: process.env.DB ?? 'sqlite:/tmp/scratch/store.sqlite' },
    stderr: 'inherit',
  }),
);
const t1 = performance.now();
await client.listTools();
const t2 = performance.now();
await client.callTool({ name: 'get_regime', arguments: {} });
const t3 = performance.now();
console.log(`connect ${(t1 - t0) | 0} ms, list ${(t2 - t1) | 0} ms, first call ${(t3 - t2) | 0} ms`);
await client.close();
