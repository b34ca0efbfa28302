/**
 * The client of `npm run bench:stall`: one address driving `connections` keep-alive connections of unique on-demand
 * requests (REST and MCP mixed: transforms, CSV windows, many series, vintages, MCP get_series with and without
 * units) for `seconds`, each connection sending its next request when its answer arrives. Prints one JSON line: the
 * answers by status. Run pinned to a core of its own (taskset) by the bench.
 */
import { Agent, request } from 'node:http';
import { INDICATOR_IDS } from '../src/timeseries/series.ts';

const [base, secondsText, connectionsText] = process.argv.slice(2);
const seconds = Number(secondsText ?? 60);
const connections = Number(connectionsText ?? 16);
const agent = new Agent({ keepAlive: true, maxSockets: connections });
const ids = [...INDICATOR_IDS];
let n = 0;
const statuses: Record<string, number> = {};

const pick = <T>(values: readonly T[]) => values[Math.floor(Math.random() * values.length)]!;
const day = () => new Date(Date.UTC(1995 + Math.floor(Math.random() * 30), 0, 1 + Math.floor(Math.random() * 365)));
const date = () => day().toISOString().slice(0, 10);

/** The next unique request: a path, or an MCP tool call. */
function next(): { path: string; mcp?: unknown } {
  n++;
  const id = pick(ids);
  switch (n % 7) {
    case 0:
      return { path: `/api/series/${id}?units=${pick(['pch', 'chg', 'pc1', 'log'])}&start=${date()}` };
    case 1:
      return { path: `/api/series/${id}.csv?days=${1 + (n % 3999)}&units=chg` };
    case 2:
      return { path: `/api/series.json?ids=${pick(ids)},${pick(ids)}&start=${date()}&frequency=m&aggregation=avg` };
    case 3:
      return { path: `/api/series/${id}/vintages?days=${1 + (n % 3999)}` };
    case 4:
      return { path: `/api/series.csv?ids=${pick(ids)},${pick(ids)},${pick(ids)}&days=${1 + (n % 3999)}` };
    case 5:
      return mcp({ id, units: pick(['pch', 'chg', 'pc1']), start: date() });
    default:
      return mcp({ id, start: date() });
  }
}

function mcp(args: Record<string, unknown>) {
  return {
    path: '/mcp',
    mcp: { jsonrpc: '2.0', id: n, method: 'tools/call', params: { name: 'get_series', arguments: args } },
  };
}

function send(): Promise<void> {
  const { path, mcp: body } = next();
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve) => {
    const req = request(
      `${base}${path}`,
      {
        agent,
        method: payload ? 'POST' : 'GET',
        headers: payload ? { 'content-type': 'application/json', accept: 'application/json, text/event-stream' } : {},
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          const key = `${payload ? 'mcp' : 'rest'} ${res.statusCode}`;
          statuses[key] = (statuses[key] ?? 0) + 1;
          resolve();
        });
      },
    );
    req.on('error', () => {
      statuses.error = (statuses.error ?? 0) + 1;
      resolve();
    });
    req.end(payload);
  });
}

const until = Date.now() + seconds * 1000;
await Promise.all(
  Array.from({ length: connections }, async () => {
    while (Date.now() < until) await send();
  }),
);
agent.destroy();
console.log(JSON.stringify(statuses));
