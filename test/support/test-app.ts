import { type InjectOptions, inject, type Response } from 'light-my-request';
import { type AppDeps, buildApp } from '../../src/http/app.ts';

/** The service's app with `inject`: a request handed to its handler in memory, no socket (light-my-request). */
export type TestApp = ReturnType<typeof buildApp> & { inject(request: InjectOptions | string): Promise<Response> };

export function buildTestApp(deps: AppDeps): TestApp {
  const app = buildApp(deps);
  return Object.assign(app, { inject: (request: InjectOptions | string) => inject(app.handle, request) });
}

/** A request handed in memory to a running service's app (e.g. startService's). */
export function injectInto(app: { handle: TestApp['handle'] }, request: InjectOptions | string): Promise<Response> {
  return inject(app.handle, request);
}
