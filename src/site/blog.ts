import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import matter from 'gray-matter';
import type { BlogPost } from '../publish/content.ts';
import { isoDate } from '../timeseries/dates.ts';

/** Blog posts from Markdown files with front matter (title, date, summary); newest first. Read once at start. */
export function loadBlogPosts(): BlogPost[] {
  const dir = new URL('../../content/blog/', import.meta.url).pathname;
  const posts = readdirSync(dir)
    .filter((file) => file.endsWith('.md'))
    .map((file) => {
      const { data, content } = matter(readFileSync(join(dir, file), 'utf8'));
      const date = data.date instanceof Date ? isoDate(data.date) : String(data.date ?? '');
      if (!data.title || !/^\d{4}-\d{2}-\d{2}$/.test(date) || !data.summary) {
        throw new Error(`blog post ${file} needs title, date (YYYY-MM-DD) and summary in its front matter`);
      }
      return {
        slug: file.replace(/\.md$/, ''),
        title: String(data.title),
        date,
        summary: String(data.summary),
        markdown: content.trim(),
      };
    });
  return posts.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : a.slug.localeCompare(b.slug)));
}

export function loadMethodology(): string {
  return readFileSync(new URL('../../docs/methodology.md', import.meta.url), 'utf8');
}

/** The selection protocols (docs/dli-2-protocol.md …), oldest first: "dli-4-protocol" and its Markdown. */
export function loadProtocols(): Array<{ slug: string; markdown: string }> {
  const dir = new URL('../../docs/', import.meta.url).pathname;
  return readdirSync(dir)
    .filter((file) => /^dli-\d+-protocol\.md$/.test(file))
    .sort((a, b) => Number(/\d+/.exec(a)![0]) - Number(/\d+/.exec(b)![0]))
    .map((file) => ({ slug: file.replace(/\.md$/, ''), markdown: readFileSync(join(dir, file), 'utf8') }));
}
