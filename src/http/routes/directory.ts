import { Directory } from '../../publish/schemas/directory.ts';
import type { Route } from './route.ts';

export const getDirectory: Route = {
  path: '/api',
  listed: 'api',
  cache: 'directory',
  spec: {
    operationId: 'getDirectory',
    summary: 'Endpoint directory',
    description:
      'Every JSON endpoint with its method, path, parameters and description; the error envelope; the discovery URLs. The other forms of each resource (CSV, xlsx, feeds, charts, the bulk download) and the documents for agents are in the OpenAPI document (discovery.openapi).',
    parameters: [],
    response: Directory,
    errors: [],
    tag: 'discovery',
  },
  handle: (_request, context) => context.directory,
};
