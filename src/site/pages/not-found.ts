import { type Page, paragraph, prose } from '../page/page.ts';

/** The page for a path that does not exist: the site's header and navigation, and where to go instead. */
export function notFoundPage(): Page {
  return {
    path: '/404',
    title: 'Page not found',
    description: 'There is no page at this address.',
    blocks: [
      prose(
        'There is no page here. Try the [dashboard](/), today’s [reading](/today), the [API documentation](/docs) or the site index at [/llms.txt](/llms.txt).',
      ),
    ],
  };
}

/**
 * The page for a page request that cannot be answered as asked (a bad `?days=`, a date range that ends before
 * it starts): what was wrong, how to fix it, and the way back — not the API's JSON envelope.
 */
export function errorPage(path: string, title: string, message: string, hint: string): Page {
  return {
    path,
    title,
    description: message,
    blocks: [
      { kind: 'lead', inlines: [message], tone: 'warn' },
      paragraph(hint),
      paragraph({ text: 'This page without the query', href: path }, ' · ', { text: 'Dashboard', href: '/' }),
    ],
  };
}
