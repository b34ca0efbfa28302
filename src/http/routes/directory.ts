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
      'Every public endpoint with its method, path, parameters and description; the error envelope; the discovery URLs.',
    parameters: [],
    response: Directory,
    errors: [],
    tag: 'discovery',
  },
  handle: (_request, context) => context.directory,
};
