// The resolve hook test/vendored-dependencies.mjs registers: a bare import of a package that
// dist/vendor/manifest.json names becomes its bundle, unless the importer is a package itself.
import { readFileSync } from 'node:fs';

let bundles = new Map();

export function initialize({ manifest }) {
  const base = new URL('./', manifest);
  bundles = new Map(
    Object.entries(JSON.parse(readFileSync(new URL(manifest), 'utf8'))).map(([specifier, file]) => [
      specifier,
      new URL(file, base).href,
    ]),
  );
}

export function resolve(specifier, context, nextResolve) {
  const bundle = bundles.get(specifier);
  if (bundle && !context.parentURL?.includes('/node_modules/'))
    return { url: bundle, format: 'module', shortCircuit: true };
  return nextResolve(specifier, context);
}
