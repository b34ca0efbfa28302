import { health as healthResource } from '../../publish/resources/health.ts';
import { publishedRoute } from './published.ts';
import { nothingPublished } from './route.ts';

export const getHealth = publishedRoute(healthResource, {
  spec: {
    operationId: 'getHealth',
    summary: 'Health for monitors',
    description:
      'The last refresh and its outcome per source, the age of each series, the publication version and the service and model versions.',
    parameters: [],
    errors: ['service_unavailable'],
    tag: 'discovery',
  },
  handle: (_request, context) => context.publication()?.health.response ?? nothingPublished(),
});
