// The PrestaShop module's files as PrestaShop and its module rules take them: PHP every supported
// version parses, a guard in every folder, the files at its root, the snippet's stub as built.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { phpFiles } from '../helpers/woocommerce-plugin.js';
import { HERE, MODULE, PHP, skip, STUB_JS } from '../helpers/prestashop-module.js';

describe(
  "the PrestaShop module's files: valid PHP with index.php guards, PrestaShop's module rules, PHP 7.1, the snippet's stub",
  { skip },
  () => {
    it('is valid PHP in every file (php -l), with an index.php guard in every folder', () => {
      const files = [...phpFiles(MODULE), ...phpFiles(HERE)];
      for (const file of files)
        assert.match(execFileSync(PHP, ['-l', file], { encoding: 'utf8' }), /No syntax errors/, file);
      for (const dir of [MODULE, join(MODULE, 'classes')]) assert.ok(existsSync(join(dir, 'index.php')), dir);
      for (const file of phpFiles(MODULE).filter((f) => !f.endsWith('index.php')))
        assert.match(readFileSync(file, 'utf8'), /if \(!defined\('_PS_VERSION_'\)\) \{\n {4}exit;\n\}/, file);
    });

    it("ships what PrestaShop's module rules ask at its root: a PNG logo, a config.xml of its own version and tab, an .htaccess denying its PHP", () => {
      const logo = readFileSync(join(MODULE, 'logo.png'));
      assert.equal(logo.subarray(0, 8).toString('hex'), '89504e470d0a1a0a', 'a PNG');
      assert.deepEqual([logo.readUInt32BE(16), logo.readUInt32BE(20)], [64, 64]);
      const main = readFileSync(join(MODULE, 'shopbeacon.php'), 'utf8');
      const config = readFileSync(join(MODULE, 'config.xml'), 'utf8');
      for (const field of ['version', 'tab', 'author'])
        assert.equal(
          new RegExp(`<${field}><!\\[CDATA\\[([^\\]]+)\\]\\]></${field}>`).exec(config)?.[1],
          new RegExp(`\\$this->${field} = '([^']+)'`).exec(main)?.[1],
          `config.xml's ${field} is the module's`,
        );
      assert.match(config, /<name>shopbeacon<\/name>/);
      assert.match(readFileSync(join(MODULE, '.htaccess'), 'utf8'), /<Files \*\.php>\s+Require all denied/);
    });

    it("uses nothing newer than PHP 7.1 (PrestaShop 1.7.8's floor); php -l here is PHP 8", () => {
      const newer: [string, RegExp][] = [
        ['nullsafe ?->', /\?->/],
        ['match', /\bmatch\s*\(/],
        ['an attribute', /^\s*#\[/m],
        ['enum', /\benum\s+\w+/],
        ['readonly', /\breadonly\b/],
        ['a promoted property', /function\s+__construct\s*\([^)]*\b(public|protected|private)\s/],
        ['a union type', /[(,]\s*\??\w+\|\w+\s+\$|\)\s*:\s*\??\w+\|\w+/],
        ['mixed', /[(,:]\s*\??mixed\b/],
        ['throw as an expression', /(=>|\?\?|\?|:)\s*throw\b/],
        ['a PHP 8 function', /\b(str_contains|str_starts_with|str_ends_with|array_is_list|get_debug_type|fdiv)\s*\(/],
        ['an arrow function (7.4)', /\bfn\s*\(/],
        [
          'a typed property (7.4)',
          /^\s*(public|protected|private)\s+(static\s+)?\??(int|string|bool|float|array|object|iterable|self|[A-Z]\w*)\s+\$/m,
        ],
        ['??= (7.4)', /\?\?=/],
        ['a trailing comma in a call (7.3)', /,\s*\)\s*;/],
        ['spread in an array (7.4)', /\[\s*\.\.\./],
      ];
      for (const file of phpFiles(MODULE)) {
        const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '');
        for (const [what, pattern] of newer) assert.doesNotMatch(code, pattern, `${file} uses ${what}`);
      }
    });

    it("prints the snippet's stub byte for byte", () => {
      const stub = readFileSync(STUB_JS, 'utf8').trim();
      assert.ok(
        readFileSync(join(MODULE, 'classes/ShopbeaconStorefront.php'), 'utf8').includes(`const STUB = '${stub}';`),
      );
    });
  },
);
