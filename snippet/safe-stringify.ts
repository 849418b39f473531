/**
 * `JSON.stringify` that ignores `Array.prototype.toJSON`: old Prototype.js defines it to return a
 * string, which would send `"events":"[...]"` instead of an array.
 */
export function safeStringify(value: unknown): string {
  const proto = Array.prototype as { toJSON?: unknown };
  const saved = proto.toJSON;
  if (saved) delete proto.toJSON;
  try {
    return JSON.stringify(value);
  } finally {
    if (saved) proto.toJSON = saved;
  }
}
