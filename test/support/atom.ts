import assert from 'node:assert/strict';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

type Node = Record<string, unknown>;
/** An element's text, whether it has attributes (`{ '#text', '@type' }`) or not. */
const text = (value: unknown): string =>
  typeof value === 'object' && value !== null ? String((value as Node)['#text'] ?? '') : String(value ?? '');
const list = (value: unknown): Node[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]) as Node[];

/**
 * Checks a document against Atom 1.0 (RFC 4287): well-formed XML in the Atom namespace; the feed has exactly
 * one id, title and updated, an author (on the feed or on every entry); every entry has one id, title and
 * updated (RFC 3339), and a link; entry ids are unique. Returns the entries' ids and titles as text.
 */
export function assertAtom(xml: string): Array<{ id: string; title: string }> {
  assert.equal(XMLValidator.validate(xml), true, 'well-formed XML');
  const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' }).parse(xml) as Node;
  const feed = doc.feed as Node;
  assert.ok(feed, 'a <feed> root');
  assert.equal(feed['@xmlns'], 'http://www.w3.org/2005/Atom');
  const rfc3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
  for (const field of ['id', 'title', 'updated']) assert.ok(feed[field] !== undefined, `feed ${field}`);
  assert.match(text(feed.updated), rfc3339);
  const entries = list(feed.entry);
  const feedAuthor = feed.author !== undefined;
  const ids = new Set<string>();
  for (const entry of entries) {
    for (const field of ['id', 'title', 'updated']) assert.ok(entry[field] !== undefined, `entry ${field}`);
    assert.match(text(entry.updated), rfc3339);
    assert.ok(list(entry.link).length > 0, 'entry link');
    assert.ok(feedAuthor || entry.author !== undefined, 'an author');
    const id = text(entry.id);
    assert.ok(!ids.has(id), `unique entry id ${id}`);
    ids.add(id);
  }
  return entries.map((e) => ({ id: text(e.id), title: text(e.title) }));
}
