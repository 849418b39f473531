import nodeResolve from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';

/**
 * Internal names the script-tag build may shorten: wiring between our own modules only. Never
 * payload fields, never `localStorage` entries (other builds read them), never the ESM API, never
 * the options (the script tag's `dataset` names them).
 */
const INTERNAL_PROPERTIES =
  /^(transport|queue|identity|page|log|ids|stamp|become|persist|remember|all|add|remove|clear|get|set|send|beacon|command|clicked|linked|listed|flush|schedule|decide)$/;

const minify = (mangleInternals) =>
  terser({
    ecma: 2020,
    compress: { passes: 5, unsafe_arrows: true, unsafe: true, pure_getters: true, keep_fargs: false, toplevel: true },
    mangle: mangleInternals ? { properties: { regex: INTERNAL_PROPERTIES, builtins: true } } : true,
    format: { comments: false },
  });

const compile = (declarations) =>
  typescript({
    tsconfig: 'snippet/tsconfig.json',
    declaration: declarations,
    ...(declarations ? {} : { declarationDir: undefined, outDir: 'dist' }),
  });

/** The debugger's and the demo storefront's page scripts: plain ES modules, never on a shop's pages. */
const page = (name) => ({
  input: `web/${name}/main.ts`,
  output: { file: `dist/web/${name}.js`, format: 'es' },
  plugins: [
    typescript({ tsconfig: 'web/tsconfig.json', noEmit: false, outDir: 'dist/web', declaration: false, rootDir: '.' }),
    terser({ ecma: 2020 }),
  ],
});

/**
 * The Shopify custom pixel's first lines: where to paste it, and its two settings, which
 * `shopbeacon pixel shopify --relay <url> --consent <permissions>` rewrites
 * (relay/cli/pixel-command.ts matches the lines).
 */
const PIXEL_BANNER = `// shopbeacon for Shopify: paste into Settings > Customer events > Add custom pixel.
// The relay's public URL (https://), the origin its /collect answers on:
const SHOPBEACON_RELAY = "https://sb.shop.example";
// The customerPrivacy flags the visitor must allow before anything is stored or sent:
const SHOPBEACON_CONSENT = ["analyticsProcessingAllowed"];`;

/** Prepends `text` after minification (an output `banner` would go through terser and lose its comments). */
const prepend = (text) => ({
  name: 'prepend',
  generateBundle(_options, bundle) {
    for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk') chunk.code = `${text}\n${chunk.code}`;
  },
});

export default [
  page('debugger'),
  page('storefront'),
  {
    input: 'snippet/index.ts',
    output: { file: 'dist/shopbeacon.js', format: 'iife', strict: false },
    plugins: [nodeResolve({ browser: true }), compile(false), minify(true)],
  },
  {
    input: 'snippet/shopify-pixel/index.ts',
    output: { file: 'dist/shopify-pixel.js', format: 'iife', strict: false },
    // No property mangling: `browser.cookie.get` and `.set` are Shopify's names, not ours.
    plugins: [nodeResolve({ browser: true }), compile(false), minify(false), prepend(PIXEL_BANNER)],
  },
  {
    input: 'snippet/shopify-storefront/index.ts',
    output: { file: 'dist/shopbeacon-shopify.js', format: 'iife', strict: false },
    // No property mangling: the events' fields are Shopify's names, and `viewList`'s the catalogue's.
    plugins: [nodeResolve({ browser: true }), compile(false), minify(false)],
  },
  {
    input: 'snippet/esm.ts',
    output: { dir: 'dist', entryFileNames: 'shopbeacon.mjs', format: 'es' },
    plugins: [nodeResolve({ browser: true }), compile(true), minify(false)],
  },
];
