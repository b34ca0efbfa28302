import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import vm from 'node:vm';
import { errorMessage } from '../../src/timeseries/error-message.ts';

describe('errorMessage', () => {
  it("reads an Error's message, and one from another realm", () => {
    assert.equal(errorMessage(new Error('disk full')), 'disk full');
    assert.equal(errorMessage(new TypeError('x is not a function')), 'x is not a function');
    const foreign: unknown = vm.runInNewContext("new Error('from a vm')");
    assert.equal(foreign instanceof Error, false);
    assert.equal(errorMessage(foreign), 'from a vm');
  });

  it('turns any other thrown value into text without throwing', () => {
    // `(cause as Error).message ?? String(cause)`, which this replaces, threw a TypeError on null and undefined.
    assert.equal(errorMessage(null), 'null');
    assert.equal(errorMessage(undefined), 'undefined');
    assert.equal(errorMessage('worker exited'), 'worker exited');
    assert.equal(errorMessage(42), '42');
    assert.equal(errorMessage({ message: 7 }), '[object Object]');
  });
});
