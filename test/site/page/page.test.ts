import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { contents } from '../../../src/site/page/contents.ts';
import { renderHtml } from '../../../src/site/page/html.ts';
import { renderMarkdown } from '../../../src/site/page/markdown.ts';
import { heading, inlines, type Page, paragraph } from '../../../src/site/page/page.ts';

const site = { name: 'usd-liquidity', baseUrl: 'http://x.test' };
const page: Page = {
  path: '/p',
  title: 'A <page> & more',
  description: 'desc',
  blocks: [
    { kind: 'heading', level: 2, text: 'Section' },
    { kind: 'paragraph', inlines: ['Value ', { strong: '42' }, ' see ', { text: 'docs', href: '/docs' }, ' <script>'] },
    { kind: 'table', header: ['a', 'b'], rows: [[['1'], [{ code: 'x|y' }]]] },
    {
      kind: 'matrix',
      caption: 'cap',
      rows: ['r1', 'r2'],
      columns: ['c1', 'c2'],
      marked: { row: 'r2', column: 'c1' },
      note: 'n',
      corner: 'posture \\ pulse',
      current: '● current',
    },
    { kind: 'image', src: '/charts/tga.svg?days=30&style=line', alt: 'TGA chart', width: 10, height: 5 },
  ],
};

describe('page renderers', () => {
  it('contents lists the sections the blocks have, in order: second-level headings with an anchor', () => {
    const blocks = [
      heading(2, 'How to read it', 'how-to-read'),
      paragraph('text'),
      heading(3, 'A detail', 'detail'),
      heading(2, 'No anchor'),
      heading(2, 'Versions', 'versions'),
    ];
    assert.deepEqual(contents(blocks), {
      kind: 'toc',
      items: [
        { text: 'How to read it', id: 'how-to-read' },
        { text: 'Versions', id: 'versions' },
      ],
    });
    assert.deepEqual(contents([paragraph('a page without sections')]), { kind: 'toc', items: [] });
  });

  it('inlines reads code, strong words and links out of written text, and leaves the rest as text', () => {
    assert.deepEqual(inlines('Ask `/api/regime?asOf=2023-03-15`, **not** [the docs](/docs) <b>'), [
      'Ask ',
      { code: '/api/regime?asOf=2023-03-15' },
      ', ',
      { strong: 'not' },
      ' ',
      { text: 'the docs', href: '/docs' },
      ' <b>',
    ]);
    assert.deepEqual(inlines('plain * text [no link]'), ['plain * text [no link]']);
  });

  it('HTML escapes text, links the Markdown alternate, and has no script', () => {
    const html = renderHtml(page, site);
    assert.match(html, /<title>A &lt;page&gt; &amp; more · usd-liquidity<\/title>/);
    assert.ok(html.includes(' &lt;script&gt;'));
    assert.ok(!/<script/i.test(html));
    assert.match(html, /<link rel="alternate" type="text\/markdown" href="\/p.md">/);
    assert.match(html, /src="\/charts\/tga.svg\?days=30&amp;style=line"/);
    assert.match(html, /<td class="current" aria-current="true">● current<\/td>/);
  });

  it('Markdown carries the same content: headings, emphasis, links, tables, the marked cell, images', () => {
    const md = renderMarkdown(page, site);
    // Text is text: `<`, `>` and `&` are entities, so raw HTML in a page's words never reaches a Markdown renderer.
    assert.match(md, /^# A &lt;page&gt; &amp; more\n\n> desc/);
    assert.ok(md.includes('&lt;script&gt;'));
    assert.doesNotMatch(md, /<script>/);
    assert.ok(md.includes('## Section'));
    assert.ok(md.includes('Value **42** see [docs](/docs)'));
    assert.ok(md.includes('| 1 | `x|y` |'));
    assert.ok(md.includes('| r2 | ● current |  |'));
    assert.ok(md.includes('![TGA chart](/charts/tga.svg?days=30&style=line)'));
  });
});
