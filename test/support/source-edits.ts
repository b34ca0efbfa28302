import { registerHooks } from 'node:module';

/**
 * A change to the sources, made as the service's modules are read rather than on disk: the worked paths of
 * docs/contributing.md done once each in a child process (test/contributing.test.ts), without touching the
 * checkout. Loaded with `--import`; the edits come from USDL_SOURCE_EDITS, a JSON array of
 * { file (ending of the module's path), from (exact text), to }. An edit whose text is not found stops the
 * child, so a guide that drifts from the code fails its test.
 */
export interface SourceEdit {
  file: string;
  from: string;
  to: string;
}

const edits = JSON.parse(process.env.USDL_SOURCE_EDITS ?? '[]') as SourceEdit[];

registerHooks({
  load(url, context, nextLoad) {
    const loaded = nextLoad(url, context);
    const mine = edits.filter((edit) => url.endsWith(edit.file));
    if (mine.length === 0) return loaded;
    let source = String(loaded.source);
    for (const edit of mine) {
      if (!source.includes(edit.from)) throw new Error(`source-edits: "${edit.from}" is not in ${edit.file}`);
      source = source.replace(edit.from, edit.to);
    }
    return { ...loaded, source };
  },
});
