import { Snapshot } from '../../publish/schemas/snapshot.ts';
import { type Route, resourceAnswer } from './route.ts';

export const getSnapshot: Route = {
  path: '/api/snapshot',
  listed: 'api',
  cache: 'snapshot',
  spec: {
    operationId: 'getSnapshot',
    summary: 'Everything in one call (for agents)',
    description:
      'Site identity, the current regime, every indicator with its latest value, change, z-score and percentile, the model description with its validation figures, recent blog posts, key pages, machine-readable documents, the endpoint directory and the partner sites.',
    parameters: [],
    response: Snapshot,
    errors: ['snapshot_unavailable', 'no_data_yet'],
    tag: 'discovery',
  },
  handle: (_request, context) =>
    resourceAnswer(
      context,
      (p) => p.snapshot?.response,
      'snapshot_unavailable',
      'snapshot',
      (p) => p?.errors.snapshot ?? (p?.regime ? undefined : 'the regime is not available yet'),
    ),
};
