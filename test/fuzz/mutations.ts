import fc from 'fast-check';

/** Every path to a value inside a JSON document (the root is `[]`). */
function pathsOf(
  value: unknown,
  path: (string | number)[] = [],
  out: (string | number)[][] = [],
): (string | number)[][] {
  out.push(path);
  if (Array.isArray(value)) value.forEach((item, i) => pathsOf(item, [...path, i], out));
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) pathsOf(item, [...path, key], out);
  return out;
}

type Op = { at: number; op: 'replace' | 'delete' | 'wrap'; value: unknown };

function apply(doc: unknown, { at, op, value }: Op): unknown {
  const paths = pathsOf(doc);
  const path = paths[at % paths.length] as (string | number)[];
  if (path.length === 0) return op === 'wrap' ? [doc] : value;
  const parent = path
    .slice(0, -1)
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], doc) as Record<string, unknown>;
  const key = path.at(-1) as string;
  if (op !== 'delete') parent[key] = op === 'wrap' ? [parent[key]] : value;
  else if (Array.isArray(parent)) parent.splice(Number(key), 1);
  else Reflect.deleteProperty(parent, key);
  return doc;
}

/** Values a stranger's JSON is made of, the awkward ones weighted up: huge integers, empty strings, deep nesting. */
const hostileValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  // An object whose own keys shadow what String() and template literals call: they throw on it.
  fc.constant(null).map(() => ({ toString: 0, valueOf: 0 })),
  fc.constantFrom(
    null,
    '',
    0,
    -1,
    1e308,
    -0,
    2 ** 53 + 2,
    '9007199254740993',
    'NaN',
    '2026-13-45 25:61:61',
    '__proto__',
    '<script>',
    '\u0000',
    '\uFFFD',
  ),
  fc.string(),
  fc.integer(),
  fc.double(),
);

/** A corpus document with a few structural mutations: replace a value, delete a key, wrap a value in an array. */
export function mutatedJson(seeds: string[]): fc.Arbitrary<Buffer> {
  const docs = seeds.flatMap((text) => {
    try {
      return [JSON.parse(text) as unknown];
    } catch {
      return [];
    }
  });
  const ops = fc.array(
    fc.record({ at: fc.nat(), op: fc.constantFrom<Op['op']>('replace', 'delete', 'wrap'), value: hostileValue }),
    {
      minLength: 1,
      maxLength: 5,
    },
  );
  return fc
    .tuple(fc.constantFrom(...docs), ops)
    .map(([doc, list]) => Buffer.from(JSON.stringify(list.reduce(apply, structuredClone(doc)))));
}

/** A corpus text with characters inserted, deleted or replaced, from the text's own alphabet and a few others. */
export function mutatedText(seeds: string[], alphabet: string): fc.Arbitrary<Buffer> {
  const edit = fc.record({
    at: fc.nat(),
    op: fc.constantFrom('insert', 'delete', 'replace'),
    ch: fc.constantFrom(...alphabet),
  });
  return fc.tuple(fc.constantFrom(...seeds), fc.array(edit, { minLength: 1, maxLength: 4 })).map(([seed, edits]) => {
    let text = seed;
    for (const { at, op, ch } of edits) {
      const i = at % (text.length + 1);
      text =
        op === 'insert'
          ? text.slice(0, i) + ch + text.slice(i)
          : op === 'delete'
            ? text.slice(0, i) + text.slice(i + 1)
            : text.slice(0, i) + ch + text.slice(i + 1);
    }
    return Buffer.from(text);
  });
}

/** Inputs for a target: mutated seeds mostly, plus arbitrary JSON, text and bytes. */
export function inputsFrom(seeds: string[], kind: 'json' | 'text'): fc.Arbitrary<Buffer> {
  const alphabet = [...new Set(seeds.join(''))].join('') + '0123456789-:T .+Z,"\n\\{}[]';
  const seeded = kind === 'json' ? mutatedJson(seeds) : mutatedText(seeds, alphabet);
  return fc.oneof(
    { arbitrary: seeded, weight: 6 },
    { arbitrary: mutatedText(seeds, alphabet), weight: 2 },
    { arbitrary: fc.jsonValue().map((v) => Buffer.from(JSON.stringify(v))), weight: 1 },
    { arbitrary: fc.uint8Array({ maxLength: 256 }).map((b) => Buffer.from(b)), weight: 1 },
  );
}
