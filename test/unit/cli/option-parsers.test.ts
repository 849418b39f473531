import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { InvalidArgumentError } from 'commander';
import {
  parseDuration,
  parsePort,
  parseRate,
  parseStatus,
  parseWholeNumber,
} from '../../../relay/cli/option-parsers.js';

describe("the CLI's option parsers", () => {
  it('read a duration with its unit in milliseconds, and refuse one without', () => {
    assert.equal(parseDuration('90s'), 90_000);
    assert.equal(parseDuration(' 7d '), 7 * 86_400_000);
    assert.throws(
      () => parseDuration('90'),
      new InvalidArgumentError('must be a duration such as 90s, 30m, 24h or 7d'),
    );
  });

  it('take ports 0 to 65535 written as digits only', () => {
    assert.equal(parsePort('0'), 0);
    assert.equal(parsePort('65535'), 65_535);
    for (const bad of ['65536', '-1', '80.5', '', '0x50'])
      assert.throws(() => parsePort(bad), /must be a port number/, bad);
  });

  it('take a rate from 0 to 1, and refuse a blank one rather than reading it as 0', () => {
    assert.equal(parseRate('0.25'), 0.25);
    for (const bad of ['', ' ', '1.5', '-0.1', 'half'])
      assert.throws(() => parseRate(bad), /from 0 to 1/, JSON.stringify(bad));
  });

  it('take HTTP statuses and whole numbers only in their own shapes', () => {
    assert.equal(parseStatus('503'), 503);
    for (const bad of ['99', '600', '5xx', '503.0']) assert.throws(() => parseStatus(bad), /HTTP status/, bad);
    assert.equal(parseWholeNumber('12'), 12);
    assert.throws(() => parseWholeNumber('1e3'), /whole number/);
  });
});
