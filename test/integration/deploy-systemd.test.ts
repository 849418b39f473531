import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { SHUTDOWN_CLOSE_MS } from '../../relay/cli/on-shutdown.js';
import { SETTINGS } from '../../relay/config/settings.js';
import { unmetRequirement } from '../helpers/requirement.js';

const UNIT = 'deploy/systemd/shopbeacon.service';
const ANALYZE = ['/usr/bin/systemd-analyze', '/bin/systemd-analyze'].find((path) => existsSync(path));
const skip = unmetRequirement(
  'systemd-analyze verify',
  ANALYZE ? undefined : 'systemd-analyze is not installed (Debian: apt-get install systemd)',
);

function directive(name: string): string[] {
  return readFileSync(UNIT, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith(`${name}=`))
    .map((line) => line.slice(name.length + 1));
}

describe('deploy/systemd/shopbeacon.service', () => {
  it('passes systemd-analyze verify without a warning', { skip }, () => {
    const result = spawnSync(ANALYZE as string, ['verify', UNIT], { encoding: 'utf8' });
    assert.equal(result.status, 0, result.stderr);
    assert.equal(result.stderr.trim(), '', result.stderr);
  });

  it('keeps the outbox in its state directory, restarts on failure and never runs as root', () => {
    assert.deepEqual(directive('StateDirectory'), ['shopbeacon']);
    assert.ok(directive('Environment').includes('SHOPBEACON_DATA_DIR=/var/lib/shopbeacon'));
    assert.deepEqual(directive('Restart'), ['on-failure']);
    assert.deepEqual(directive('DynamicUser'), ['yes']);
    assert.deepEqual(directive('User'), []);
  });

  it("waits longer than the relay's graceful stop (its default grace period and closing) before killing it", () => {
    assert.deepEqual(directive('KillSignal'), ['SIGTERM']);
    const [timeout] = directive('TimeoutStopSec');
    const stopMs = Number(SETTINGS.find((s) => s.key === 'shutdownGraceMs')?.fallback) + SHUTDOWN_CLOSE_MS;
    assert.ok(Number(timeout) * 1000 > stopMs, `TimeoutStopSec=${timeout} vs a ${stopMs} ms stop`);
  });

  it('is hardened to an exposure of 2.0 or below by systemd-analyze security (the first unit: 6.9)', { skip }, () => {
    const result = spawnSync(ANALYZE as string, ['security', '--offline=true', UNIT], { encoding: 'utf8' });
    const exposure = Number(/Overall exposure level for shopbeacon\.service: ([\d.]+)/.exec(result.stdout)?.[1]);
    assert.ok(
      exposure <= 2.0,
      `exposure ${exposure}: ${result.stdout
        .split('\n')
        .filter((line) => line.startsWith('✗'))
        .join('\n')}`,
    );
    assert.deepEqual(directive('UMask'), ['0077'], "files it makes are its user's alone");
  });
});
