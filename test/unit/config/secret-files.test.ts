import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { secretFileValues } from '../../../relay/config/secret-files.js';
import { unknownVariables } from '../../../relay/config/unknown-variables.js';
import { RELAY_SETTINGS } from '../../../relay/relay-settings.js';

const folder = mkdtempSync(join(tmpdir(), 'sb-secret-files-'));
const file = (name: string, text: string) => {
  writeFileSync(join(folder, name), text);
  return join(folder, name);
};

describe('secrets given as files (<VARIABLE>_FILE)', () => {
  it('reads the secret from the file named, without the newline that ends it', () => {
    const values = secretFileValues(RELAY_SETTINGS, {
      SHOPBEACON_TOKEN_FILE: file('token', 'svc-token-from-a-file\n'),
    });
    assert.deepEqual(values, { SHOPBEACON_TOKEN: 'svc-token-from-a-file' });
  });

  it('takes files for secret settings only: a file for the port is not read', () => {
    assert.deepEqual(secretFileValues(RELAY_SETTINGS, { PORT_FILE: file('port', '9000') }), {});
  });

  it('refuses a secret set both as a variable and as a file, naming both', () => {
    assert.throws(
      () => secretFileValues(RELAY_SETTINGS, { SHOPBEACON_TOKEN: 'a', SHOPBEACON_TOKEN_FILE: file('both', 'b') }),
      /SHOPBEACON_TOKEN and SHOPBEACON_TOKEN_FILE are both set/,
    );
  });

  it('refuses a file that cannot be read or is empty, naming the variable and the path, never a value', () => {
    assert.throws(
      () => secretFileValues(RELAY_SETTINGS, { SHOPBEACON_ADMIN_KEY_FILE: join(folder, 'missing') }),
      /SHOPBEACON_ADMIN_KEY_FILE names .*missing, which cannot be read \(ENOENT\)/,
    );
    assert.throws(
      () => secretFileValues(RELAY_SETTINGS, { SHOPBEACON_TOKEN_FILE: file('empty', '\n') }),
      /SHOPBEACON_TOKEN_FILE names .*empty, which is empty/,
    );
  });

  it('does not call a secret file variable unknown', () => {
    assert.deepEqual(
      unknownVariables(RELAY_SETTINGS, { SHOPBEACON_TOKEN_FILE: '/run/secrets/token', SHOPBEACON_PORT_FILE: 'x' }),
      ['SHOPBEACON_PORT_FILE is not a shopbeacon setting and is ignored; did you mean SHOPBEACON_TOKEN_FILE?'],
    );
  });
});
