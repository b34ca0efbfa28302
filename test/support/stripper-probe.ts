import { isMainThread, parentPort, Worker } from 'node:worker_threads';

/** Whether this thread has loaded Node's TypeScript stripper (amaro), by Node's list of its loaded internals. */
function stripperLoaded(): boolean {
  // An undocumented but long-standing list (Node's own test suite reads it), absent from @types/node.
  const loaded = (process as unknown as { moduleLoadList: string[] }).moduleLoadList;
  return loaded.some((name) => name.includes('amaro'));
}

// Run as a script: reports for this thread and for a worker thread running this same file.
if (isMainThread) {
  const worker = new Worker(new URL(import.meta.url));
  const inWorker = await new Promise<boolean>((resolve) => worker.once('message', resolve));
  await worker.terminate();
  process.stdout.write(JSON.stringify({ main: stripperLoaded(), worker: inWorker }));
} else {
  parentPort!.postMessage(stripperLoaded());
}
