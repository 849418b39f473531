// `--import`ed by the integration tier after tsx (scripts/test-node.mjs --vendored-dependencies):
// a package the relay imports resolves to its bundle in dist/vendor/, as the built relay's imports
// do, in the test's process too. Why: through tsx's loader hooks each of the ~1,150 files the
// packages hold costs a round trip to the hooks' thread; a test file that imported the relay spent
// ~3.9 CPU-s loading, ~2.2 of them on those files. One copy of each package per
// process, whoever imports it.
import { existsSync } from 'node:fs';
import { register } from 'node:module';

const manifest = new URL('../dist/vendor/manifest.json', import.meta.url);
if (!existsSync(manifest)) {
  process.stderr.write(
    'the integration tier needs the built relay: run `npm run build` first (dist/vendor/manifest.json is missing).\n',
  );
  process.exit(1);
}
register('./vendored-dependencies-hooks.mjs', { parentURL: import.meta.url, data: { manifest: manifest.href } });
