import type { TLocalizedValidationError } from 'typebox/error';
import { joinPath, type FieldError } from './field-error.js';

/** `/line_items/2/line_item_quantity` (RFC 6901) as `line_items[2].line_item_quantity`. */
export function pointerToPath(pointer: string, base = ''): string {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce<string>((path, part) => joinPath(path, /^\d+$/.test(part) ? Number(part) : part), base);
}

const TYPE_NAMES: Record<string, string> = {
  integer: 'an integer',
  number: 'a finite number',
  string: 'a string',
  boolean: 'a boolean (true or false)',
  object: 'an object',
  array: 'an array',
};

function typeMessage(params: Record<string, unknown>): string {
  const type = params['type'];
  const names = (Array.isArray(type) ? type : [type]).map((t) => TYPE_NAMES[String(t)] ?? String(t));
  return `must be ${names.join(' or ')}`;
}

function describe(error: TLocalizedValidationError): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'type':
      return typeMessage(params);
    case 'minimum':
      return `must be at least ${String(params['limit'] ?? params['comparison'] ?? '')}`.trim();
    case 'maximum':
      return `must be at most ${String(params['limit'] ?? params['comparison'] ?? '')}`.trim();
    case 'maxLength':
      return `must be at most ${String(params['limit'])} characters`;
    case 'minLength':
      return 'must not be empty';
    case 'maxItems':
      return `must hold at most ${String(params['limit'])} items`;
    case 'pattern':
      return 'must be a three-letter currency code such as EUR';
    default:
      return error.message;
  }
}

function expand(error: TLocalizedValidationError, base: string): FieldError[] {
  const path = pointerToPath(error.instancePath, base);
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required') {
    const names = (params['requiredProperties'] as string[] | undefined) ?? [];
    return names.map((name) => ({ path: joinPath(path, name), message: 'is required' }));
  }
  if (error.keyword === 'additionalProperties') {
    const names = (params['additionalProperties'] as string[] | undefined) ?? [];
    return names.map((name) => ({ path: joinPath(path, name), message: 'is not a field of this record' }));
  }
  // TypeBox reports each extra property twice: once as `additionalProperties`, once as a `false` schema.
  if (error.keyword === 'boolean') return [];
  // A union reports its branches' failures first; the union's own line says enough.
  if (error.keyword === 'anyOf') return [{ path, message: 'must be an integer or a non-empty string' }];
  return [{ path, message: describe(error) }];
}

/** Turns TypeBox's errors into one `{path, message}` per failing field, in document order, without repeats. */
export function toFieldErrors(errors: TLocalizedValidationError[], base = ''): FieldError[] {
  const seen = new Set<string>();
  const unionPaths = new Set(errors.filter((e) => e.keyword === 'anyOf').map((e) => e.instancePath));
  return errors
    .filter((e) => e.keyword === 'anyOf' || !unionPaths.has(e.instancePath))
    .flatMap((e) => expand(e, base))
    .filter((e) => {
      const key = `${e.path}\u0000${e.message}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}
