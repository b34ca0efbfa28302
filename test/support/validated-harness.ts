import { after, before } from 'node:test';
import { createRefreshedHarness, type Harness } from './harness.ts';
import { openApiValidator } from './openapi-validator.ts';

/**
 * A refreshed harness for the suite it is called in, and a validator of its answers against the OpenAPI document
 * it serves: set up before the suite's tests, closed after them. Read `h` and `validator` inside the tests.
 */
export function validatedHarness(): { h: Harness; validator: ReturnType<typeof openApiValidator> } {
  const state = {} as { h: Harness; validator: ReturnType<typeof openApiValidator> };
  before(async () => {
    state.h = await createRefreshedHarness();
    state.validator = openApiValidator((await state.h.app.inject('/openapi.json')).json());
  });
  after(() => state.h.close());
  return state;
}
