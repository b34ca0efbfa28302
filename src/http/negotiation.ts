import Negotiator from 'negotiator';

/**
 * Content negotiation by `negotiator`: which encoding to send, and whether a page request wants Markdown, HTML
 * or (for a missing page) the JSON envelope.
 */
export type Encoding = 'br' | 'gzip' | 'identity';

const ENCODINGS: readonly Encoding[] = ['br', 'gzip', 'identity'];
/** Clients send few distinct Accept-Encoding values: the choice is kept per header value (bounded). */
const encodingByHeader = new Map<string, Encoding>();

/**
 * The encoding for an Accept-Encoding header: brotli when acceptable, else gzip, else identity (q=0 refuses a
 * coding, `*` accepts any). Among acceptable codings the smallest is sent, whatever their q-values; no header
 * means identity. Example: 'gzip;q=1.0, br;q=0' → gzip; 'br;q=0.5, gzip' → br.
 */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  let choice = encodingByHeader.get(acceptEncoding);
  if (choice) return choice;
  const acceptable = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } }).encodings([...ENCODINGS]);
  choice = ENCODINGS.find((e) => acceptable.includes(e)) ?? 'identity';
  if (encodingByHeader.size >= 256) encodingByHeader.clear();
  encodingByHeader.set(acceptEncoding, choice);
  return choice;
}

/** A page in Markdown: the path ends in .md, or Accept prefers text/markdown over text/html. */
export function wantsMarkdown(path: string, accept: string | undefined): boolean {
  if (path.endsWith('.md')) return true;
  if (!accept) return false;
  return new Negotiator({ headers: { accept } }).mediaType(['text/html', 'text/markdown']) === 'text/markdown';
}

/** A data resource as CSV: Accept prefers text/csv over JSON. Example: 'text/csv' → true; '*\/*' → false. */
export function wantsCsv(accept: string | undefined): boolean {
  if (!accept?.includes('csv')) return false;
  return new Negotiator({ headers: { accept } }).mediaType(['application/json', 'text/csv']) === 'text/csv';
}

/** For a path that matches nothing: does the client want a page (HTML or Markdown) rather than JSON? */
export function wantsPage(path: string, accept: string | undefined): boolean {
  if (path.endsWith('.md')) return true;
  if (!accept) return false;
  const type = new Negotiator({ headers: { accept } }).mediaType(['application/json', 'text/html', 'text/markdown']);
  return type === 'text/html' || type === 'text/markdown';
}
