import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { debugPage } from '../../../relay/debug/debug-page.js';
import { packageRoot } from '../../../relay/shared/package-root.js';

/** The ids the debugger's browser half looks up (`byId`, `setCard`): web/debugger/ throws on one missing. */
function idsTheScriptNeeds(): string[] {
  const dir = join(packageRoot(), 'web', 'debugger');
  const sources = readdirSync(dir)
    .filter((name) => name.endsWith('.ts'))
    .map((name) => readFileSync(join(dir, name), 'utf8'));
  const ids = sources.flatMap((text) =>
    [...text.matchAll(/\b(?:byId(?:<[^>]+>)?|setCard)\(\s*'([a-z-]+)'/g)].map((m) => m[1] as string),
  );
  return [...new Set(ids)].sort();
}

const idsOf = (page: string) => [...page.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1] as string);

describe('debugPage({ demo }) (the live debugger shell)', () => {
  it('holds every element the browser half looks up, each card with its value, hint and sparkline', () => {
    const page = debugPage({ demo: false }).text;
    const ids = idsOf(page);
    const needed = idsTheScriptNeeds();
    assert.ok(needed.length >= 15, `the scan found the script's ids: ${needed.join(', ')}`);
    assert.deepEqual(
      needed.filter((id) => !ids.includes(id)),
      [],
    );
    assert.equal(new Set(ids).size, ids.length, 'no id twice');
    const cards = page.split('<article class="card"').slice(1);
    assert.equal(cards.length, 7);
    for (const card of cards) assert.match(card, /data-value[\s\S]*data-hint[\s\S]*<svg[^>]*data-spark/);
  });

  it('offers every state a record can be in as a filter, unchanged included', () => {
    const select = /<select name="state">(.*?)<\/select>/s.exec(debugPage({ demo: false }).text)?.[1] ?? '';
    const offered = [...select.matchAll(/<option(?: value="")?>([a-z]*)<\/option>/g)].map((m) => m[1]);
    assert.deepEqual(offered, [
      'any',
      'accepted',
      'rejected',
      'dropped',
      'duplicate',
      'coalesced',
      'unchanged',
      'delivered',
      'retrying',
      'dead',
    ]);
  });

  it('links the storefront in demo mode only', () => {
    assert.match(debugPage({ demo: true }).text, /<a class="pill demo" href="\.\.\/">demo storefront/);
    assert.doesNotMatch(debugPage({ demo: false }).text, /demo storefront/);
  });

  it('loads its script, style and icon by relative URLs, so it works under any mount path, with nothing inline', () => {
    const page = debugPage({ demo: true }).text;
    const urls = [...page.matchAll(/\s(?:src|href)="([^"]*)"/g)].map((m) => m[1]);
    assert.deepEqual(urls, ['assets/icon.svg', 'assets/debugger.css', 'assets/debugger.js', '../']);
    assert.match(page, /<script type="module" src="assets\/debugger\.js"><\/script>/);
    assert.doesNotMatch(page, /<script>|<style|style="|\son[a-z]+="/);
  });
});
