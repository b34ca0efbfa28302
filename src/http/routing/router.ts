/**
 * Matches a request path against the route table's OpenAPI-style templates (`/api/series/{id}`,
 * `/charts/{id}.svg`). Exact paths are a map lookup; templates are compiled once to regular expressions.
 * Parameters are percent-decoded; a path that cannot be decoded matches nothing. A trailing slash is ignored.
 * Routes marked `markdown` also answer at `<path>.md` (and `/index.md` for `/`).
 */
export interface Matchable {
  path: string;
  markdown?: boolean;
}

export interface Match<R> {
  route: R;
  params: Record<string, string>;
  /** The path asked for the Markdown form (a `.md` suffix). */
  markdownPath: boolean;
}

export function compileRouter<R extends Matchable>(routes: readonly R[]): (path: string) => Match<R> | undefined {
  const exact = new Map<string, { route: R; markdownPath: boolean }>();
  const templated: Array<{ route: R; pattern: RegExp; names: string[] }> = [];
  for (const route of routes) {
    if (!route.path.includes('{')) {
      exact.set(route.path, { route, markdownPath: false });
      if (route.markdown)
        exact.set(route.path === '/' ? '/index.md' : `${route.path}.md`, { route, markdownPath: true });
      continue;
    }
    const names: string[] = [];
    const source = route.path
      .split(/(\{[a-z]+\})/i)
      .map((part) => {
        const name = /^\{([a-z]+)\}$/i.exec(part)?.[1];
        if (!name) return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
        names.push(name);
        return '([^/]+?)';
      })
      .join('');
    templated.push({ route, pattern: new RegExp(`^${source}${route.markdown ? '(\\.md)?' : ''}$`), names });
  }
  return (rawPath) => {
    const path = rawPath.length > 1 && rawPath.endsWith('/') ? rawPath.slice(0, -1) : rawPath;
    const hit = exact.get(path);
    if (hit) return { route: hit.route, params: {}, markdownPath: hit.markdownPath };
    for (const { route, pattern, names } of templated) {
      const match = pattern.exec(path);
      if (!match) continue;
      const params: Record<string, string> = {};
      for (let i = 0; i < names.length; i++) {
        const decoded = decode(match[i + 1]!);
        if (decoded === undefined) return undefined;
        params[names[i]!] = decoded;
      }
      return { route, params, markdownPath: match[names.length + 1] === '.md' };
    }
    return undefined;
  };
}

function decode(text: string): string | undefined {
  // Most parameters have nothing encoded (`tga`): returned as they are, without a decoded copy.
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}
