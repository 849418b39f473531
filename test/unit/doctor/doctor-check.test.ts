import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { exitStatus, failed, ok, warning } from '../../../relay/doctor/doctor-check.js';

describe("the doctor's exit status", () => {
  it('exits 0 when all is ok, 2 on warnings only, 1 on any failure', () => {
    assert.equal(exitStatus([ok('a', 'b', 'c')]), 0);
    assert.equal(exitStatus([ok('a', 'b', 'c'), warning('a', 'b', 'c')]), 2);
    assert.equal(exitStatus([warning('a', 'b', 'c'), failed('a', 'b', 'c')]), 1);
  });
});
