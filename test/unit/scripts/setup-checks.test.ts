import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  formatDuration,
  installFailureExplanation,
  installIsStale,
  installNodeMismatch,
  nodeVersionProblem,
} from '../../../scripts/setup-checks.mjs';

describe('nodeVersionProblem(current, engines)', () => {
  it('names the version found and the one needed when Node is older', () => {
    const problem = nodeVersionProblem('v18.19.1', '>=20.19');
    assert.match(problem ?? '', /needs Node >=20\.19; this is Node v18\.19\.1/);
  });

  it('compares minor and patch numbers, not text', () => {
    assert.ok(nodeVersionProblem('v20.9.0', '>=20.19'));
    assert.equal(nodeVersionProblem('v20.19.0', '>=20.19'), undefined);
    assert.equal(nodeVersionProblem('v20.20.2', '>=20.19'), undefined);
    assert.equal(nodeVersionProblem('v24.0.0', '>=20.19'), undefined);
  });
});

describe('installFailureExplanation(output, hasCommand)', () => {
  const allTools = () => true;

  it('says the registry could not be reached on a network error, naming the registry', () => {
    const output =
      'npm error code ECONNREFUSED\nnpm error request to http://127.0.0.1:9/koa failed, reason: connect ECONNREFUSED';
    assert.match(
      installFailureExplanation(output, allTools),
      /could not reach the package registry \(http:\/\/127\.0\.0\.1:9\)/,
    );
  });

  it('names the missing build tools when better-sqlite3 fails to compile', () => {
    const output = 'npm error path /x/node_modules/better-sqlite3\nnpm error gyp ERR! stack Error: not found: make';
    const text = installFailureExplanation(output, (command) => command === 'python3');
    assert.match(text, /better-sqlite3 .* could not be compiled/);
    assert.match(text, /missing build tools: make, a C\+\+ compiler/);
    assert.doesNotMatch(text, /python3,|python3 \(/);
  });

  it("falls back to npm's last error line", () => {
    assert.equal(
      installFailureExplanation(
        'npm error code EUSAGE\nnpm error The `npm ci` command can only install with an existing package-lock.json',
        allTools,
      ),
      'npm ci failed: The `npm ci` command can only install with an existing package-lock.json.',
    );
  });
});

describe('installIsStale(lockfile, installed)', () => {
  it('is stale with nothing installed or an install older than the lockfile', () => {
    assert.equal(installIsStale(100, undefined), true);
    assert.equal(installIsStale(100, 50), true);
    assert.equal(installIsStale(100, 150), false);
  });
});

describe('installNodeMismatch(installedWith, current)', () => {
  it('is nothing when the install was made with the same Node major', () => {
    assert.equal(installNodeMismatch('v20.19.0', 'v20.20.2'), undefined);
  });

  it('names both versions when the major changed, since native modules differ', () => {
    assert.match(
      installNodeMismatch('v20.20.2', 'v24.21.0') ?? '',
      /installed with Node v20\.20\.2; this is Node v24\.21\.0/,
    );
  });

  it('asks for one install when no version was recorded', () => {
    assert.match(
      installNodeMismatch(undefined, 'v22.23.3') ?? '',
      /do not record which Node they were built for \(this is Node v22\.23\.3\)/,
    );
  });
});

describe('formatDuration(ms)', () => {
  it('writes minutes and seconds', () => {
    assert.equal(formatDuration(171_000), '2 min 51 s');
    assert.equal(formatDuration(40_400), '40 s');
  });
});
