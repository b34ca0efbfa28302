import { health as healthResource } from '../../publish/resources/health.ts';
import { ApiError } from '../errors/api-error.ts';
import { servedAs } from './published.ts';
import type { Route } from './route.ts';

export const getHealth: Route = {
  ...servedAs(healthResource),
  listed: 'api',
  spec: {
    operationId: 'getHealth',
    summary: 'Health for monitors',
    description:
      'The last refresh and its outcome per source, the age of each series, the publication version and the service and model versions.',
    parameters: [],
    response: healthResource.schema,
    errors: ['service_unavailable'],
    tag: 'discovery',
  },
  handle: (_request, context) =>
    context.publication()?.health.response ??
    new ApiError(
      'service_unavailable',
      'Nothing has been published yet.',
      'The service is starting; retry in a minute.',
      {
        'retry-after': '30',
      },
    ),
};
