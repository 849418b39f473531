// Stand-ins for what a page's banner exposes, for the snippet's readers of the consent standards.
import assert from 'node:assert/strict';
import type { ConsentWindow } from '../../snippet/browser/consent-source.js';
import type { DataLayerEntry } from '../../snippet/browser/gcm-consent.js';
import type { TcData, TcfApi } from '../../snippet/browser/tcf-consent.js';

/** A CMP behind `__tcfapi`: it keeps the listeners and calls them with what `answer` gives. */
export function fakeCmp() {
  const listeners: ((data: TcData, success: boolean) => void)[] = [];
  const api: TcfApi = (command, version, callback) => {
    assert.deepEqual([command, version], ['addEventListener', 2]);
    listeners.push(callback);
  };
  return { api, listeners, answer: (data: TcData, success = true) => listeners.forEach((l) => l(data, success)) };
}

/** Every decision handed over, in order: `[granted, remembered]`. */
export function decisions() {
  const made: [boolean, 1 | undefined][] = [];
  return { made, decide: (granted: boolean, remembered?: 1) => void made.push([granted, remembered]) };
}

/** What gtag does: `function gtag(){dataLayer.push(arguments)}`, so each command is an arguments object. */
export function gtagOn(win: { dataLayer?: DataLayerEntry[] }) {
  return function gtag(..._command: unknown[]) {
    // eslint-disable-next-line prefer-rest-params
    win.dataLayer!.push(arguments);
  };
}

/** A page's window as the snippet reads it, with a document that dispatches events. */
export function pageWindow(globals: Partial<ConsentWindow> = {}): ConsentWindow {
  return { document: new EventTarget() as unknown as ConsentWindow['document'], ...globals };
}
