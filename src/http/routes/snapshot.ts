import { snapshot as snapshotResource } from '../../publish/resources/snapshot.ts';
import { publishedRoute } from './published.ts';

export const getSnapshot = publishedRoute(snapshotResource, {
  spec: {
    operationId: 'getSnapshot',
    summary: 'Everything in one call (for agents)',
    description:
      'Site identity, the current regime, every indicator with its latest value, change, z-score and percentile, the model description with its validation figures, recent blog posts, key pages, machine-readable documents, the endpoint directory and the partner sites.',
    parameters: [],
    errors: ['snapshot_unavailable', 'no_data_yet'],
    tag: 'discovery',
  },
  unavailable: [
    'snapshot_unavailable',
    'snapshot',
    (p) => p?.errors.snapshot ?? (p?.regime ? undefined : 'the regime is not available yet'),
  ],
});
