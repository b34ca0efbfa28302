import type { Page } from '../page.ts';

/** The page for a path that does not exist: the site's header and navigation, and where to go instead. */
export function notFoundPage(): Page {
  return {
    path: '/404',
    title: 'Page not found',
    description: 'There is no page at this address.',
    blocks: [
      {
        kind: 'paragraph',
        inlines: [
          'There is no page here. Try the ',
          { text: 'dashboard', href: '/' },
          ', today’s ',
          { text: 'reading', href: '/today' },
          ', the ',
          { text: 'API documentation', href: '/docs' },
          ' or the site index at ',
          { text: '/llms.txt', href: '/llms.txt' },
          '.',
        ],
      },
    ],
  };
}
