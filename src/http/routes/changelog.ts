import { changelog as changelogResource } from '../../publish/resources/changelog.ts';
import { publishedRoute } from './published.ts';

export const getChangelog = publishedRoute(changelogResource, {
  spec: {
    operationId: 'getChangelog',
    summary: 'API and model versions, and the deprecation policy',
    description:
      'Every API version with its date, what changed and the fingerprint of its OpenAPI document; every model version (as /api/model → versions); the deprecation policy and what is deprecated now. Also as a page at /changelog (HTML and Markdown).',
    parameters: [],
    errors: ['model_unavailable', 'no_data_yet'],
    tag: 'model',
  },
  unavailable: ['model_unavailable', 'changelog', (p) => p?.errors.model],
});
