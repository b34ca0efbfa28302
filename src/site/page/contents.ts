import type { Block } from './page.ts';

/**
 * A table of contents of the blocks' sections (their second-level headings with an anchor), made from the blocks
 * themselves so that it cannot list a section the page left out, nor miss one it added.
 */
export function contents(blocks: readonly Block[]): Block {
  const items = blocks.flatMap((b) =>
    b.kind === 'heading' && b.level === 2 && b.id ? [{ text: b.text, id: b.id }] : [],
  );
  return { kind: 'toc', items };
}
