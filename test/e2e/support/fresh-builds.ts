import { SNIPPET_SOURCES, buildState } from '../../../scripts/build-freshness.mjs';

const RELAY_SOURCES = ['relay', 'snippet/protocol.ts', 'tsconfig.json', 'tsconfig.build.json'];

/**
 * Playwright's global set-up: the browser tier tests the built snippet, pixel and relay, so it
 * names the builds it reads and stops before any test when one is older than its sources, which
 * would test code that is no longer there.
 */
export default function freshBuilds(): void {
  const builds = [
    buildState('dist/shopbeacon.js', SNIPPET_SOURCES),
    buildState('dist/shopify-pixel.js', SNIPPET_SOURCES),
    buildState('dist/shopbeacon-shopify.js', SNIPPET_SOURCES),
    buildState('dist/relay/index.js', RELAY_SOURCES),
  ];
  for (const { says } of builds) console.log(`the browser tier reads ${says}`);
  const stale = builds.filter(({ fresh }) => !fresh);
  if (stale.length > 0)
    throw new Error(
      `the browser tier needs a build as new as its sources: run \`npm run build\` (${stale.map(({ output }) => output).join(', ')})`,
    );
}
