#!/usr/bin/env node
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beginBootstrapModel } from './bootstrap-model.ts';
import { type Config, DEFAULT_SNAPSHOT_DIR, loadConfig } from './config.ts';
import { keepNextTickShape } from './http/next-tick-shape.ts';
import { errorMessage } from './timeseries/error-message.ts';

const USAGE = `usage: usd-liquidity <command>

commands:
  serve     start the HTTP service (refreshes on start when the data is older than REFRESH_MAX_AGE_HOURS,
            then on REFRESH_CRON; by default 6 hours and every 6 hours)
  refresh   fetch every series now, show progress per source, print a summary table; routine reads ask
            only for recent observations, and each series' whole history is re-read weekly
            (--full: re-read every whole history now)
  snapshot export [folder]
            write the bootstrap snapshot of the stored data (default folder: the project's bootstrap/)
  status    show the latest refresh runs and each series' freshness
  mcp       serve the MCP tools over stdio (for an agent that launches the server), from the stored data
`;

/**
 * Each command imports what it runs, when it runs (one import of everything took ~0.5 s of every start: an MCP host
 * launching `usd-liquidity mcp` waits for it, and gives up on a slow start; issue 42). `serve` begins a first start's
 * model (bootstrap-model.ts) before the service's modules are loaded, and loads them meanwhile (issue 41).
 */
async function main(argv: string[]): Promise<number> {
  const command = argv[0];
  const config = loadConfig();
  const run = COMMANDS.get(command ?? '');
  if (run) return run(config, argv);
  process.stderr.write(USAGE);
  return command === undefined || command === '--help' || command === 'help' ? 0 : 2;
}

/** Each command resolves its exit code, or -1 while the process lives on. */
const COMMANDS = new Map<string, (config: Config, argv: string[]) => Promise<number>>([
  ['serve', serveCommand],
  ['refresh', refreshCommand],
  ['status', statusCommand],
  ['snapshot', snapshotCommand],
  ['mcp', mcpCommand],
]);

/** `serve`: the HTTP service; resolves -1 (the process lives on until a signal stops it). */
async function serveCommand(config: Config): Promise<number> {
  // Before the start's work and its full collections (http/next-tick-shape.ts: ~1.3× small-JSON throughput).
  keepNextTickShape();
  const bootstrapModel = beginBootstrapModel(config);
  // Signals are handled from the first moment: the server listens before the start has ended (a first start
  // still storing its bootstrap snapshot); a stop then waits for the start, and closes what it opened.
  const starting = import('./service.ts').then(({ startService }) => startService(config, { bootstrapModel }));
  const stop = async (signal: string) => {
    const service = await starting;
    service.app.log.info({ signal }, 'shutting down');
    await service.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  // The start goes on after the server listens (a first start's snapshot stored, leadership settled): an error
  // there stops the process as one before would.
  await (await starting).started;
  return -1;
}

/** `refresh [--full]`: fetch now with progress, print the summary, announce the publication and keep its model. */
async function refreshCommand(config: Config, argv: string[]): Promise<number> {
  const [
    { openStore },
    { abortDanglingRuns },
    { runRefresh },
    { createProviders },
    { progressObserver, summaryTable },
    { createCoordination },
    { announcePublication },
    { computeAndKeepModel },
  ] = await Promise.all([
    import('./store/store.ts'),
    import('./store/runs.ts'),
    import('./ingest/refresh/run.ts'),
    import('./providers/providers.ts'),
    import('./ingest/refresh/cli-progress.ts'),
    import('./store/coordination.ts'),
    import('./publish/after-refresh.ts'),
    import('./publish/model/kept.ts'),
  ]);
  const now = () => new Date();
  const store = await openStore(config.databaseUrl);
  await abortDanglingRuns(store.db, now().toISOString());
  const full = argv.includes('--full');
  const summary = await runRefresh(
    {
      store,
      providers: createProviders(config.providers),
      now,
      budgetMs: config.refreshBudgetMs,
      reads: full ? 'full' : 'recent',
    },
    full ? 'cli-full' : 'cli',
    progressObserver(process.stdout),
  );
  process.stdout.write(`\n${summaryTable(summary)}\n`);
  // Tell running API processes to pick up the new data.
  const coordination = await createCoordination(config.databaseUrl, store.engine);
  const publicationId = await announcePublication({ store, coordination, now }, summary.runId);
  // Its model, kept for the serving processes (which then never run it themselves).
  await computeAndKeepModel(store, publicationId, config.baseUrl);
  await coordination.close();
  await store.close();
  return summary.status === 'failed' ? 1 : 0;
}

/** `status`: the latest refresh runs and each indicator's latest value and outcome. */
async function statusCommand(config: Config): Promise<number> {
  const [{ openStore }, { recentRuns, seriesRefreshStates }, { loadSeries }, { INDICATOR_IDS }] = await Promise.all([
    import('./store/store.ts'),
    import('./store/runs.ts'),
    import('./store/observations.ts'),
    import('./timeseries/series.ts'),
  ]);
  const store = await openStore(config.databaseUrl);
  const runs = await recentRuns(store.db, 5);
  const states = await seriesRefreshStates(store.db);
  const series = await loadSeries(store.db, { seriesIds: [...INDICATOR_IDS] });
  process.stdout.write('recent refresh runs:\n');
  for (const run of runs)
    process.stdout.write(
      `  #${run.id} ${run.status.padEnd(8)} ${run.trigger.padEnd(8)} ${run.started_at} → ${run.finished_at ?? '…'}\n`,
    );
  if (runs.length === 0) process.stdout.write('  (none yet: run `npm run refresh`)\n');
  process.stdout.write('\nindicators:\n');
  for (const id of INDICATOR_IDS) {
    const list = series.get(id) ?? [];
    const last = list.at(-1);
    const state = states.get(id);
    const latest = last ? `${last.date} ${last.value}` : 'no data';
    const outcome = state
      ? `${state.lastStatus}${state.lastError ? `: ${state.lastError.slice(0, 60)}` : ''}`
      : 'never refreshed';
    process.stdout.write(
      `  ${id.padEnd(26)} ${String(list.length).padStart(6)} pts  ${latest.padEnd(28)} ${outcome}\n`,
    );
  }
  await store.close();
  return 0;
}

/** `snapshot export [folder]`: the bootstrap snapshot of the stored data. */
async function snapshotCommand(config: Config, argv: string[]): Promise<number> {
  if (argv[1] !== 'export') {
    process.stderr.write(USAGE);
    return 2;
  }
  const [{ openStore }, { exportSnapshot }, { SNAPSHOT_BUDGET_BYTES }] = await Promise.all([
    import('./store/store.ts'),
    import('./ingest/bootstrap-snapshot.ts'),
    import('./ingest/snapshot-file.ts'),
  ]);
  const dir = argv[2] ?? fileURLToPath(DEFAULT_SNAPSHOT_DIR);
  const store = await openStore(config.databaseUrl);
  try {
    const manifest = await exportSnapshot(store, dir);
    process.stdout.write(
      `wrote ${join(dir, manifest.file)}: ${manifest.series.length} series as seen ${manifest.seenAt}, ${manifest.bytes.toLocaleString('en-US')} bytes (budget ${SNAPSHOT_BUDGET_BYTES.toLocaleString('en-US')}), SHA-256 ${manifest.sha256}\n` +
        `left out (terms forbid redistribution): ${manifest.excluded.map((e) => e.id).join(', ') || 'none'}\n`,
    );
  } finally {
    await store.close();
  }
  return 0;
}

/** `mcp`: the MCP tools over stdio; resolves -1 (the process lives on until stdin ends). */
async function mcpCommand(config: Config): Promise<number> {
  // stdout carries the protocol: nothing else may be written there. The SDK loads only for this command.
  const [{ StdioServerTransport }, { createMcpServer }, { routeContext }, { openStore }, { Publisher }] =
    await Promise.all([
      import('@modelcontextprotocol/sdk/server/stdio.js'),
      import('./http/mcp/handler.ts'),
      import('./http/routing/context.ts'),
      import('./store/store.ts'),
      import('./publish/publisher.ts'),
    ]);
  const store = await openStore(config.databaseUrl);
  const publisher = new Publisher(store, { baseUrl: config.baseUrl });
  // The host's handshake is answered first and the publication read after it (~1 s of this thread on the
  // real files, several on a loaded machine, which a host waiting for its handshake gave up on: issue 42):
  // from the host's `initialized`, or the first tool call, which waits for it.
  let synced: Promise<void> | undefined;
  const ready = () => {
    synced ??= publisher.sync().then(
      () => undefined,
      (error: unknown) => {
        process.stderr.write(`usd-liquidity mcp: ${errorMessage(error)}\n`);
        throw error;
      },
    );
    return synced;
  };
  const context = routeContext({ config, publication: () => publisher.current });
  const server = createMcpServer(context, ready);
  server.oninitialized = () => void ready().catch(() => undefined);
  await server.connect(new StdioServerTransport());
  const stop = async () => {
    await server.close();
    await store.close();
    process.exit(0);
  };
  process.stdin.once('end', () => void stop());
  process.once('SIGTERM', () => void stop());
  return -1;
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (error) => {
    process.stderr.write(`usd-liquidity: ${errorMessage(error)}\n`);
    process.exit(1);
  },
);
