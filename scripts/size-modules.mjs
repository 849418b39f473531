// Where the snippet's bytes go: each source module's contribution to `dist/shopbeacon.js` gzip -9,
// measured as the bundle's gzip size minus its size with that module's minified characters taken
// out (the characters are attributed through the bundle's source map). Marginal figures: their
// sum is close to, not equal to, the whole, because gzip shares repeats between modules.
import { SourceMap } from 'node:module';
import { relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { rollup } from 'rollup';
import configs from '../rollup.config.mjs';

const gzip = (text) => gzipSync(text, { level: 9 }).length;

async function buildWithMap() {
  const config = configs.find((c) => c.output.file === 'dist/shopbeacon.js');
  const bundle = await rollup({ input: config.input, plugins: config.plugins, onwarn: () => {} });
  const { output } = await bundle.generate({ ...config.output, sourcemap: true });
  await bundle.close();
  return output[0];
}

/** The source file each generated character came from (`?` where the map says nothing). */
function attribute(code, map) {
  const sourceMap = new SourceMap(map);
  const owners = [];
  const lines = code.split('\n');
  lines.forEach((line, lineIndex) => {
    for (let column = 0; column < line.length; column++) {
      const entry = sourceMap.findEntry(lineIndex, column);
      owners.push(
        entry && entry.originalSource ? relative(process.cwd(), entry.originalSource.replace(/^file:\/\//, '')) : '?',
      );
    }
    owners.push(owners.at(-1) ?? '?');
  });
  return owners;
}

export async function moduleContributions() {
  const chunk = await buildWithMap();
  const owners = attribute(chunk.code, chunk.map);
  const total = gzip(chunk.code);
  const modules = [...new Set(owners)];
  return modules
    .map((module) => {
      const without = [...chunk.code].filter((_, index) => owners[index] !== module).join('');
      return { module, raw: owners.filter((owner) => owner === module).length, gzip: total - gzip(without) };
    })
    .sort((a, b) => b.gzip - a.gzip);
}

export async function reportModules() {
  const rows = await moduleContributions();
  console.log('\nmodule                                 raw B   adds gzip B');
  for (const { module, raw, gzip: bytes } of rows)
    console.log(
      `${module.replace(/^.*?snippet\//, 'snippet/').padEnd(38)}${String(raw).padStart(6)}   ${String(bytes).padStart(11)}`,
    );
}
