import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import spectralCore from '@stoplight/spectral-core';
import spectralParsers from '@stoplight/spectral-parsers';
import spectralRulesets from '@stoplight/spectral-rulesets';
import { createHarness, type Harness } from '../support/harness.ts';

/**
 * The served OpenAPI document passes two linters nobody here wrote, as API tooling would run them: Redocly's
 * `recommended` ruleset and Spectral's `spectral:oas`, with zero errors (issue 31). Warnings are printed, not failed.
 */
describe('the OpenAPI document under outside linters', () => {
  let h: Harness;
  let text: string;
  before(async () => {
    h = await createHarness();
    text = (await h.app.inject('/openapi.json')).body;
  });
  after(() => h.close());

  it("passes Redocly's recommended ruleset with no error", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: text, absoluteRef: '/openapi.json', config });
    const errors = problems.filter((p) => p.severity === 'error');
    const summary = (list: typeof problems) =>
      list.map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`);
    if (problems.length > errors.length) console.log('redocly warnings:', summary(problems));
    assert.deepEqual(summary(errors), []);
    // The ruleset is live: the same document without its root `security: []` fails security-defined.
    const unsecured = { ...JSON.parse(text), security: undefined };
    const broken = await lintFromString({ source: JSON.stringify(unsecured), absoluteRef: '/x.json', config });
    assert.ok(broken.some((p) => p.ruleId === 'security-defined' && p.severity === 'error'));
  });

  it("passes Spectral's spectral:oas with no error", async () => {
    const spectral = new spectralCore.Spectral();
    spectral.setRuleset({ extends: [[spectralRulesets.oas, 'recommended']] } as never);
    const results = await spectral.run(new spectralCore.Document(text, spectralParsers.Json, '/openapi.json'));
    // DiagnosticSeverity: 0 error, 1 warning, 2 information, 3 hint.
    const errors = results.filter((r) => r.severity === 0).map((r) => `${r.code}: ${r.message} at ${r.path.join('.')}`);
    const warnings = results
      .filter((r) => r.severity === 1)
      .map((r) => `${r.code}: ${r.message} at ${r.path.join('.')}`);
    if (warnings.length > 0) console.log('spectral warnings:', warnings);
    assert.deepEqual(errors, []);
    // The ruleset is live: two operations sharing an operationId is an error under spectral:oas.
    const doc = JSON.parse(text);
    const [first, second] = Object.values(doc.paths as Record<string, { get?: { operationId: string } }>);
    second!.get!.operationId = first!.get!.operationId;
    const broken = await spectral.run(new spectralCore.Document(JSON.stringify(doc), spectralParsers.Json, '/x.json'));
    assert.ok(broken.some((r) => r.code === 'operation-operationId-unique' && r.severity === 0));
  });
});
