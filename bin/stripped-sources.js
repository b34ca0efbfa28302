// Registered with `--import` by `npm start` (and by the bin for its own thread): keeps the JavaScript that Node's
// type stripping makes of each of the project's TypeScript sources, so that a start reads it back instead of
// loading the stripper. Node strips with amaro (swc compiled to WebAssembly), which once loaded stays for the life
// of the thread: +17 MB resident per thread measured on Node 24.21 (42 → 59 MB for a one-line module) — in the
// service, the serving thread and each worker thread alike. Plain JavaScript: a TypeScript file here would load the
// stripper to read itself. Off (Node strips as usual) without NODE_COMPILE_CACHE, whose directory holds the cache.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import * as nodeModule from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { threadId } from 'node:worker_threads';

const projectRoot = new URL('../', import.meta.url).href;
const cacheRoot = process.env.NODE_COMPILE_CACHE;

// Both functions are newer than the oldest Node the package accepts (22.12): without them, Node strips as usual.
const { registerHooks, stripTypeScriptTypes } = nodeModule;

const enabled = cacheRoot && typeof registerHooks === 'function' && typeof stripTypeScriptTypes === 'function';
const dir = cacheRoot ? join(cacheRoot, 'stripped') : '';

if (enabled && process.argv[1] === fileURLToPath(import.meta.url)) {
  // Run as a script (`npm install` runs it, see package.json "postinstall"): every source is stripped and kept
  // now, so that even the first start loads no stripper (on a miss the serving thread keeps it for its life).
  try {
    fill(fileURLToPath(new URL('../src/', import.meta.url)));
  } catch (error) {
    // An install never fails for this: what is not kept now is stripped and kept at a start.
    console.warn(`stripped sources not kept: ${error.message}`);
  }
} else if (enabled) {
  registerHooks({
    load(url, context, nextLoad) {
      // Only the project's own sources: the package is an ES module package ("type": "module"), so each is a module.
      if (!url.startsWith(projectRoot) || !url.endsWith('.ts') || url.includes('/node_modules/')) {
        return nextLoad(url, context);
      }
      const source = readFileSync(fileURLToPath(url), 'utf8');
      return { format: 'module', source: cached(entryFor(source), source, url), shortCircuit: true };
    },
  });
}

/** The cache file of a source, keyed by the source and the Node version whose stripper made it. */
function entryFor(source) {
  const key = createHash('sha256').update(`${process.version}\0`).update(source).digest('hex').slice(0, 40);
  return join(dir, `${key}.js`);
}

/** Strips and keeps every TypeScript source under `root`. */
function fill(root) {
  for (const name of readdirSync(root, { recursive: true })) {
    if (!String(name).endsWith('.ts')) continue;
    const path = join(root, String(name));
    const source = readFileSync(path, 'utf8');
    cached(entryFor(source), source, pathToFileURL(path).href);
  }
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
