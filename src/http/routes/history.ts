import { History } from '../schemas/regime.ts';
import { type Route, resourceAnswer } from './route.ts';

export const getHistory: Route = {
  path: '/api/history',
  listed: 'api',
  cache: 'history',
  spec: {
    operationId: 'getHistory',
    summary: 'Daily headline history with sub-indices',
    description:
      'The 0–100 headline on every business day from the first warmed-up day, with the four group sub-indices, the aggregate and the status, as aligned columns (element i of each array belongs to dates[i]), ascending. Each day is computed as of that day from data published by then.',
    parameters: [],
    response: History,
    errors: ['history_unavailable'],
    tag: 'model',
  },
  handle: (_request, context) =>
    resourceAnswer(
      context,
      (p) => p.history?.response,
      'history_unavailable',
      'history',
      (p) => p?.errors.model,
    ),
};
