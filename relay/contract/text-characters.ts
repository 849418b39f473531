import { fieldError, joinPath, type FieldError } from './field-error.js';

/**
 * Control characters (C0 but tab, line feed and carriage return, DEL, C1) and UTF-16 halves
 * without their other half. No name, address or description holds one; a NUL or a lone surrogate
 * in an event name or a city is an attack or a bug, and the service would store it as it is
 * (`"Added\u0000To Cart"`).
 */
// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const FORBIDDEN = new RegExp(`${CONTROL.source}|${LONE_SURROGATE.source}`);

const MAX_DEPTH = 16;

function describe(text: string): string {
  const found = FORBIDDEN.exec(text)?.[0] ?? '';
  const code = found.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
  return /[\uD800-\uDFFF]/.test(found)
    ? `holds a lone UTF-16 surrogate (U+${code}): not text`
    : `holds the control character U+${code}: not text`;
}

/** Whether any string of `value` (keys too) holds such a character: the walk of clean records, which builds no path. */
function holdsForbidden(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return FORBIDDEN.test(value);
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return false;
  if (Array.isArray(value)) return value.some((item) => holdsForbidden(item, depth + 1));
  for (const key of Object.keys(value))
    if (FORBIDDEN.test(key) || holdsForbidden((value as Record<string, unknown>)[key], depth + 1)) return true;
  return false;
}

/** Every string of a record (keys too), at any depth, that holds a character no text field may. */
export function checkTextCharacters(value: unknown, path = '', depth = 0): FieldError[] {
  return holdsForbidden(value, depth) ? forbiddenTexts(value, path, depth) : [];
}

function forbiddenTexts(value: unknown, path: string, depth: number): FieldError[] {
  if (typeof value === 'string') return FORBIDDEN.test(value) ? [fieldError(path, 'bad_format', describe(value))] : [];
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return [];
  if (Array.isArray(value))
    return value.flatMap((item, index) => forbiddenTexts(item, joinPath(path, index), depth + 1));
  return Object.entries(value).flatMap(([key, item]) => {
    const here = joinPath(path, key);
    return [
      ...(FORBIDDEN.test(key) ? [fieldError(here, 'bad_format', `its name ${describe(key)}`)] : []),
      ...forbiddenTexts(item, here, depth + 1),
    ];
  });
}
