// Every relative link of README.md and docs/*.md leads somewhere: the file exists and, for
// `#anchor`, the page has that heading (GitHub's slugs). Run by lint, so moving a section or a
// file cannot leave a dead link behind.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

const PAGES = [
  'README.md',
  ...readdirSync('docs')
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
const LINK = /\]\(([^)\s]+)\)/g;

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to dashes. */
const slug = (heading) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

function anchorsOf(page) {
  const text = readFileSync(page, 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map(([, heading]) => slug(heading)));
}

const problems = [];
for (const page of PAGES) {
  const text = readFileSync(page, 'utf8').replace(/```[\s\S]*?```/g, '');
  for (const [, target] of text.matchAll(LINK)) {
    if (/^[a-z]+:/.test(target)) continue;
    const [path, anchor] = target.split('#');
    const file = path ? normalize(join(dirname(page), path)) : page;
    if (!existsSync(file)) problems.push(`${page}: ${target} leads to no file (${file})`);
    else if (anchor && file.endsWith('.md') && !anchorsOf(file).has(anchor))
      problems.push(`${page}: ${target}: ${file} has no heading #${anchor}`);
  }
}
if (problems.length > 0) {
  console.error(`dead links in the docs (${problems.length}):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`✔ every relative link of README.md and docs/ leads to a file and heading (${PAGES.length} pages)`);
