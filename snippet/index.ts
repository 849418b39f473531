import { createShopbeacon } from './browser/create-shopbeacon.js';
import { scriptOptions } from './browser/script-options.js';

type Stub = ((...args: unknown[]) => unknown) & { q?: ArrayLike<unknown>[]; sb?: 1 };

// The script-tag build: install the one global `shopbeacon`, then replay what the stub queued.
(() => {
  try {
    const win = window as unknown as { shopbeacon?: Stub };
    const stub = win.shopbeacon;
    if (stub?.sb) return;
    const command = createShopbeacon(scriptOptions(document)) as Stub;
    command.sb = 1;
    win.shopbeacon = command;
    for (const args of stub?.q || []) command(...(args as unknown[]));
  } catch {
    // Never throw into the host page.
  }
})();
