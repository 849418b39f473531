import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { followGcm, type DataLayerEntry } from '../../../snippet/browser/gcm-consent.js';
import {
  GCM_DEFAULT_DENIED,
  GCM_EEA_DENIED,
  GCM_GLOBAL_GRANTED,
  GCM_UPDATE_GRANTED,
} from '../../helpers/consent-fixtures.js';
import { decisions, gtagOn } from '../../helpers/consent-fakes.js';

describe('the Google Consent Mode reader (snippet/browser/gcm-consent.ts)', () => {
  it('holds on the default denied, then follows the updates pushed later, as gtag pushes them', () => {
    const win: { dataLayer?: DataLayerEntry[] } = { dataLayer: [] };
    const gtag = gtagOn(win);
    gtag('consent', 'default', GCM_DEFAULT_DENIED);
    gtag('js', new Date());
    const { made, decide } = decisions();
    followGcm(win, decide);
    assert.equal(made.length, 0, 'a default denied is no refusal');
    gtag('consent', 'update', GCM_UPDATE_GRANTED);
    gtag('consent', 'update', { analytics_storage: 'denied' });
    assert.deepEqual(
      made.map(([granted]) => granted),
      [true, false],
    );
  });

  it('reads an update already in dataLayer before the snippet started: the returning shopper restored by the banner', () => {
    const win: { dataLayer?: DataLayerEntry[] } = { dataLayer: [] };
    const gtag = gtagOn(win);
    gtag('consent', 'default', GCM_DEFAULT_DENIED);
    gtag('consent', 'update', GCM_UPDATE_GRANTED);
    const { made, decide } = decisions();
    followGcm(win, decide);
    assert.deepEqual(made, [[true, undefined]]);
  });

  it('grants on a default granted, where the site asks no one', () => {
    const win: { dataLayer?: DataLayerEntry[] } = { dataLayer: [] };
    gtagOn(win)('consent', 'default', GCM_GLOBAL_GRANTED);
    const { made, decide } = decisions();
    followGcm(win, decide);
    assert.deepEqual(made, [[true, undefined]]);
  });

  it('holds where a default denies some regions, in either order, until an update', () => {
    for (const order of [
      [GCM_GLOBAL_GRANTED, GCM_EEA_DENIED],
      [GCM_EEA_DENIED, GCM_GLOBAL_GRANTED],
    ]) {
      const win: { dataLayer?: DataLayerEntry[] } = { dataLayer: [] };
      const gtag = gtagOn(win);
      for (const command of order) gtag('consent', 'default', command);
      const { made, decide } = decisions();
      followGcm(win, decide);
      assert.equal(made.length, 0, JSON.stringify(order[0]));
      gtag('consent', 'update', GCM_UPDATE_GRANTED);
      assert.deepEqual(made, [[true, undefined]]);
    }
  });

  it('refuses when personalization_storage is denied, and does not need it granted', () => {
    const win: { dataLayer?: DataLayerEntry[] } = { dataLayer: [] };
    const gtag = gtagOn(win);
    const { made, decide } = decisions();
    followGcm(win, decide);
    gtag('consent', 'update', { ...GCM_UPDATE_GRANTED, personalization_storage: 'denied' });
    gtag('consent', 'update', { personalization_storage: 'granted' });
    assert.deepEqual(
      made.map(([granted]) => granted),
      [false, true],
    );
  });

  it('creates dataLayer when the page has none yet, and ignores pushes that are no consent command', () => {
    const win: { dataLayer?: DataLayerEntry[] } = {};
    const { made, decide } = decisions();
    followGcm(win, decide);
    assert.ok(Array.isArray(win.dataLayer));
    win.dataLayer!.push({ 0: 'event', 1: 'page_view', length: 2 }, null, { 0: 'consent', length: 1 });
    assert.deepEqual(made, []);
  });

  it("keeps GTM's push working whichever wraps first: every entry lands once, the push's answer is kept, and consent is still read", () => {
    /** GTM's way of taking over `push`: it calls the push it replaced, then handles the entries. */
    const gtmWraps = (layer: DataLayerEntry[], seen: unknown[]) => {
      const previous = layer.push;
      layer.push = function (this: DataLayerEntry[], ...entries: DataLayerEntry[]) {
        const answer = previous.apply(this, entries);
        seen.push(...entries);
        return answer;
      };
    };
    for (const gtmFirst of [true, false]) {
      const win: { dataLayer?: DataLayerEntry[] } = { dataLayer: [] };
      const seen: unknown[] = [];
      const { made, decide } = decisions();
      if (gtmFirst) gtmWraps(win.dataLayer!, seen);
      followGcm(win, decide);
      if (!gtmFirst) gtmWraps(win.dataLayer!, seen);
      const event = { event: 'add_to_cart' } as unknown as DataLayerEntry;
      assert.equal(win.dataLayer!.push(event), 1);
      gtagOn(win)('consent', 'update', GCM_UPDATE_GRANTED);
      assert.equal(win.dataLayer!.length, 2, `gtm first: ${gtmFirst}`);
      assert.equal(seen.length, 2, `gtm first: ${gtmFirst}`);
      assert.deepEqual(made, [[true, undefined]], `gtm first: ${gtmFirst}`);
    }
  });
});
