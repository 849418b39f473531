import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import { PLUGIN_DIR, phpFiles, skip } from '../helpers/woocommerce-plugin.js';

// The WooCommerce plugin's files as WordPress takes them: PHP its floor parses, the snippet's stub as
// built, WordPress's plugin and readme headers, the zip an upload takes.
describe(
  "the WooCommerce plugin's files: valid PHP, PHP 7.4, the snippet's stub and WordPress's headers, the zip",
  { skip },
  () => {
    it('is valid PHP in every file (php -l)', () => {
      const files = phpFiles();
      assert.ok(files.length >= 8);
      for (const file of files)
        assert.match(execFileSync('php', ['-l', file], { encoding: 'utf8' }), /No syntax errors/, file);
    });

    it('uses nothing newer than PHP 7.4, the version its header requires (php -l here is PHP 8)', () => {
      // The PHP 8 syntax and functions a 7.4 site would fail on: nullsafe, match, attributes, enums,
      // readonly, promoted constructor properties, union and mixed types, throw as an expression.
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
      ];
      for (const file of phpFiles(`${PLUGIN_DIR}/shopbeacon`)) {
        const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '');
        for (const [what, pattern] of newer) assert.doesNotMatch(code, pattern, `${file} uses ${what}`);
      }
    });

    it("prints the snippet's stub byte for byte, and WordPress's plugin header and readme.txt headers", () => {
      const stub = readFileSync('snippet/stub.js', 'utf8').trim();
      assert.ok(
        readFileSync(`${PLUGIN_DIR}/shopbeacon/includes/class-shopbeacon-storefront.php`, 'utf8').includes(
          `const STUB = '${stub}';`,
        ),
      );
      const main = readFileSync(`${PLUGIN_DIR}/shopbeacon/shopbeacon.php`, 'utf8');
      for (const header of [
        'Plugin Name:',
        'Version:',
        'Requires PHP:          7.4'.replace(/ +/, ' '),
        'WC requires at least:',
      ])
        assert.match(main.replace(/ +/g, ' '), new RegExp(header.replace(/ +/g, ' ')));
      const readme = readFileSync(`${PLUGIN_DIR}/shopbeacon/readme.txt`, 'utf8');
      const version = /Version: +(\d+\.\d+\.\d+)/.exec(main)?.[1];
      for (const header of [
        '=== shopbeacon ===',
        `Stable tag: ${version}`,
        'Requires PHP: 7.4',
        '== Description ==',
        '== Installation ==',
      ])
        assert.ok(readme.includes(header), header);
    });

    it('npm run build zips the plugin folder as WordPress uploads it', () => {
      const entries = Object.keys(unzipSync(readFileSync('dist/shopbeacon-woocommerce.zip')));
      assert.ok(entries.includes('shopbeacon/shopbeacon.php'));
      assert.ok(entries.includes('shopbeacon/readme.txt'));
      assert.ok(entries.includes('shopbeacon/includes/class-shopbeacon-cart-events.php'));
      assert.ok(entries.every((entry) => entry.startsWith('shopbeacon/') && !entry.includes('tests/')));
    });
  },
);
