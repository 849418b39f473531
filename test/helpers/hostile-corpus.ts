import { addedToCart, lineItem, order, product, trackingEvent } from './records.js';

export type HostilePath = '/collect' | '/v1/orders' | '/v1/products/catalog' | '/v1/track';

/** One hostile request. `refused`: must be a 4xx with a JSON error; `contract`: the validator decides 2xx or 4xx. */
export interface HostileCase {
  name: string;
  path: HostilePath;
  body: string | Buffer;
  contentType?: string;
  headers?: Record<string, string>;
  expect: 'refused' | 'contract';
  /** For `contract` cases: the record as the relay's contract sees it. */
  record?: unknown;
}

const PATHS: HostilePath[] = ['/collect', '/v1/orders', '/v1/products/catalog', '/v1/track'];

/** A value of the wrong type, size or content for any field; written as JSON text (so `-0` stays `-0`). */
export const WRONG_VALUES: [string, string][] = [
  ['null', 'null'],
  ['true', 'true'],
  ['zero', '0'],
  ['minus one', '-1'],
  ['minus zero', '-0'],
  ['fraction', '1.5'],
  ['max double', '1.7976931348623157e308'],
  ['empty string', '""'],
  ['5000 chars', JSON.stringify('x'.repeat(5000))],
  ['empty array', '[]'],
  ['empty object', '{}'],
  ['nested array', '[1,[2,[3]]]'],
  ['nested object', '{"a":{"b":{"c":1}}}'],
  ['NUL', '"a\\u0000b"'],
  ['markup', JSON.stringify('<script>alert(1)</script>')],
  ['SQL', JSON.stringify("' OR 1=1 --")],
  ['lone surrogate', '"\\ud800"'],
  ['path traversal', '"../../v1/orders?x=1#"'],
  ['CRLF header injection', '"a\\r\\nAuthorization: Bearer x"'],
];

/** `base` with `field` replaced by the raw JSON `valueText`. */
function withField(base: Record<string, unknown>, field: string, valueText: string): string {
  const marker = '"__HOSTILE__"';
  return JSON.stringify({ ...base, [field]: '__HOSTILE__' }).replace(marker, valueText);
}

function fieldCases(
  path: HostilePath,
  label: string,
  base: Record<string, unknown>,
  wrap: (text: string) => string,
): HostileCase[] {
  return Object.keys(base).flatMap((field) =>
    WRONG_VALUES.map(([valueName, valueText]) => {
      const text = wrap(withField(base, field, valueText));
      return { name: `${label}.${field} = ${valueName}`, path, body: text, expect: 'contract' as const };
    }),
  );
}

function recordFieldCases(now: number): HostileCase[] {
  const event = { ...trackingEvent(now), event_id: 'hostile-1' };
  const eventInCollect = (text: string) => `{"events":[${text}]}`;
  const atcInCollect = (text: string) =>
    eventInCollect(
      JSON.stringify({ ...trackingEvent(now), event_id: 'hostile-2', event: '__ATC__' }).replace('"__ATC__"', text),
    );
  const orderWithItem = (text: string) => withField(order(now), 'line_items', `[${text}]`);
  return [
    ...fieldCases('/collect', 'event', event, eventInCollect),
    ...fieldCases('/collect', 'event.event', addedToCart(), atcInCollect),
    ...fieldCases('/v1/orders', 'order', order(now), (t) => t),
    ...fieldCases('/v1/orders', 'order.line_items[0]', lineItem(), orderWithItem),
    ...fieldCases('/v1/products/catalog', 'product', product(), (t) => t),
    ...fieldCases('/v1/track', 'event', trackingEvent(now), (t) => t),
  ];
}

const MALFORMED = [
  '',
  ' ',
  '{',
  '}',
  '[',
  ']',
  '{"events":',
  '{"events":[}',
  '{"events":[{]}',
  "{'events':[]}",
  '{"a":1,}',
  '[1,2,]',
  'NaN',
  'Infinity',
  '-Infinity',
  'undefined',
  '{"a":NaN}',
  '{"a":01}',
  '{"a":.5}',
  '{"a":+1}',
  '{"a":0x10}',
  '{"a":"\\x41"}',
  '{"a":"unterminated}',
  '{"a":1}{"b":2}',
  '{"a":1} x',
  '// c\n{}',
  '/* c */{}',
  '\ufeff{"a":1}',
  '{"a":"\t"}',
  'nul\u0000',
  '{"a":1\u0000}',
  'null',
  'true',
  '1',
  '"str"',
  '[]',
  '{}',
  '1e309',
  `${'['.repeat(33)}${']'.repeat(33)}`,
  `{"events":[{"event_name":"x","event":${'{"a":'.repeat(40)}1${'}'.repeat(40)}}]}`,
  '{"events":[1e309]}',
  '{"events":[{"event_name":"x","event":{"v":1e309}}]}',
  '{"events":[{"event_name":"x","event":{"v":-2e400}}]}',
  '{"events":"x"}',
  '{"events":{}}',
  '{"events":[]}',
  '{"events":[null]}',
  '{"events":[[]]}',
  '{"events":[1,2,3]}',
  `{"events":[${Array.from({ length: 101 }, () => '{"event_name":"x","event":{}}').join(',')}]}`,
];

const INVALID_UTF8 = [
  [0xff],
  [0xc3, 0x28],
  [0xe2, 0x82],
  [0xed, 0xa0, 0x80],
  [0xc0, 0xaf],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
];

function byteCases(): HostileCase[] {
  return PATHS.flatMap((path) => [
    ...MALFORMED.map((body, i) => ({
      name: `malformed #${i} ${JSON.stringify(body.slice(0, 30))}`,
      path,
      body,
      expect: 'refused' as const,
    })),
    ...INVALID_UTF8.map((bytes) => ({
      name: `invalid UTF-8 ${bytes.map((b) => b.toString(16)).join(' ')}`,
      path,
      body: Buffer.concat([
        Buffer.from('{"event_name":"'),
        Buffer.from(bytes),
        Buffer.from('","user_id":"u","event":{}}'),
      ]),
      expect: 'refused' as const,
    })),
    { name: '10 MB body', path, body: Buffer.alloc(10 * 1024 * 1024, 0x20), expect: 'refused' as const },
    ...['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/html', 'application/xml'].map(
      (contentType) => ({
        name: `content type ${contentType}`,
        path,
        body: '{}',
        contentType,
        expect: 'refused' as const,
      }),
    ),
  ]);
}

function prototypeCases(now: number): HostileCase[] {
  const keys = ['__proto__', 'constructor', 'prototype'];
  return keys.flatMap((key) => [
    {
      name: `${key} at the top of an event`,
      path: '/collect' as const,
      body: `{"events":[{"event_name":"x","event":{},"user_id":"u","${key}":{"polluted":1}}]}`,
      expect: 'refused' as const,
    },
    {
      name: `${key} inside a free-form event object`,
      path: '/collect' as const,
      body: `{"events":[{"event_id":"proto-${key}","event_name":"Wishlist","user_id":"u","event":{"${key}":{"polluted":1}}}]}`,
      expect: 'contract' as const,
    },
    {
      name: `${key} in an order`,
      path: '/v1/orders' as const,
      body: withField(order(now), key, '{"polluted":1}'),
      expect: 'refused' as const,
    },
    {
      name: `${key} in a line item`,
      path: '/v1/orders' as const,
      body: withField(order(now), 'line_items', `[{"${key}":{"polluted":1}}]`),
      expect: 'refused' as const,
    },
  ]);
}

function sizeCases(now: number): HostileCase[] {
  return [
    {
      name: '1 MB string in /collect',
      path: '/collect',
      body: JSON.stringify({ events: [{ ...trackingEvent(now), event: { blob: 'x'.repeat(1 << 20) } }] }),
      expect: 'refused',
    },
    {
      name: '5 MB product name',
      path: '/v1/products/catalog',
      body: JSON.stringify(product({ name: 'x'.repeat(5 << 20) })),
      expect: 'refused',
    },
    {
      name: '501 orders in one call',
      path: '/v1/orders',
      body: JSON.stringify(Array.from({ length: 501 }, (_, i) => order(now, { order_id: i + 1 }))),
      expect: 'refused',
    },
    { name: 'an empty batch', path: '/v1/orders', body: '[]', expect: 'refused' },
    {
      name: '2000 line items',
      path: '/v1/orders',
      body: JSON.stringify(order(now, { line_items: Array.from({ length: 2000 }, () => lineItem()) })),
      expect: 'refused',
    },
  ];
}

/** The whole corpus: every field of every record with every wrong value, malformed bytes, sizes, prototype keys. */
export function hostileCorpus(now = Date.now()): HostileCase[] {
  return [...recordFieldCases(now), ...byteCases(), ...prototypeCases(now), ...sizeCases(now)];
}
