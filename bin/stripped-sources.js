// Registered with `--import` by `npm start` (and by the bin for its own thread): keeps the JavaScript that Node's
// type stripping makes of each of the project's TypeScript sources, so that a start reads it back instead of
// loading the stripper. Node strips with amaro (swc compiled to WebAssembly), which once loaded stays for the life
// of the thread: +17 MB resident per thread measured on Node 24.21 (42 → 59 MB for a one-line module) — in the
// service, the serving thread and each worker thread alike. Plain JavaScript: a TypeScript file here would load the
// stripper to read itself. Off (Node strips as usual) without NODE_COMPILE_CACHE, whose directory holds the cache.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import * as nodeModule from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { threadId } from 'node:worker_threads';

const projectRoot = new URL('../', import.meta.url).href;
const cacheRoot = process.env.NODE_COMPILE_CACHE;

// Both functions are newer than the oldest Node the package accepts (22.12): without them, Node strips as usual.
const { registerHooks, stripTypeScriptTypes } = nodeModule;

if (cacheRoot && typeof registerHooks === 'function' && typeof stripTypeScriptTypes === 'function') {
  const dir = join(cacheRoot, 'stripped');
  registerHooks({
    load(url, context, nextLoad) {
      // Only the project's own sources: the package is an ES module package ("type": "module"), so each is a module.
      if (!url.startsWith(projectRoot) || !url.endsWith('.ts') || url.includes('/node_modules/')) {
        return nextLoad(url, context);
      }
      const source = readFileSync(fileURLToPath(url), 'utf8');
      // Keyed by the source and the Node version (whose stripper made it): an edited file is a new entry.
      const key = createHash('sha256').update(`${process.version}\0`).update(source).digest('hex').slice(0, 40);
      return { format: 'module', source: cached(join(dir, `${key}.js`), source, url), shortCircuit: true };
    },
  });
}

/** The stripped source from the cache, or stripped now and kept (written whole, then renamed into place). */
function cached(file, source, url) {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    const js = strip(source, url);
    try {
      mkdirSync(join(file, '..'), { recursive: true });
      const partial = `${file}.${process.pid}-${threadId}`;
      writeFileSync(partial, js);
      renameSync(partial, file);
    } catch {
      // A read-only or full disk: the source is stripped again at the next start, as without the cache.
    }
    return js;
  }
}

/**
 * The same stripping Node does (whitespace in place of types, so lines and columns, and stack traces, are
 * unchanged). `stripTypeScriptTypes` is marked experimental and says so once per thread; Node's own stripping of
 * the same files does not, so that notice is not passed on.
 */
function strip(source, url) {
  const emitWarning = process.emitWarning;
  process.emitWarning = () => {};
  try {
    return stripTypeScriptTypes(source, { mode: 'strip', sourceUrl: url });
  } finally {
    process.emitWarning = emitWarning;
  }
}
