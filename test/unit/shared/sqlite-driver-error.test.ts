import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SqliteDriverError } from '../../../relay/shared/sqlite-driver-error.js';

describe('new SqliteDriverError(cause)', () => {
  const dlopen = new Error(
    "The module '/shop/node_modules/better-sqlite3/build/Release/better_sqlite3.node'\nwas compiled against a different Node.js version using\nNODE_MODULE_VERSION 115. This version of Node.js requires\nNODE_MODULE_VERSION 137. Please try re-compiling or re-installing\nthe module (for instance, using `npm rebuild` or `npm install`).",
  );

  it('names the driver, this Node and both module versions on one line, and says to install again', () => {
    const { message, code } = new SqliteDriverError(dlopen);
    assert.equal(code, 'sqlite_driver_unavailable');
    assert.ok(message.includes(`cannot be loaded by Node ${process.version}`), message);
    assert.match(
      message,
      /using NODE_MODULE_VERSION 115\. This version of Node\.js requires NODE_MODULE_VERSION 137\.\)/,
    );
    assert.match(message, /install the dependencies again with this Node: npm ci/);
    assert.doesNotMatch(message, /\n|npm rebuild/);
  });
});

describe('new SqliteDriverError(a driver not installed)', () => {
  it('says which Node needs which driver and what building 12 needs, since an install without those tools succeeds', () => {
    const missing = Object.assign(new Error("Cannot find module 'better-sqlite3'"), { code: 'MODULE_NOT_FOUND' });
    const { message, code } = new SqliteDriverError(missing);
    assert.equal(code, 'sqlite_driver_unavailable');
    assert.match(
      message,
      new RegExp(`^no SQLite driver is installed for Node ${process.version.replace(/\./g, '\\.')}`),
    );
    assert.match(message, /better-sqlite3 13 ships its binaries for Node 22 and later/);
    assert.match(message, /apt-get install build-essential python3\); run Node 24/);
    assert.doesNotMatch(message, /\n/);
  });
});
