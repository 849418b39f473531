import type { TLocalizedValidationError } from 'typebox/error';
import { fieldError, joinPath, type FieldError, type FieldErrorCode } from './field-error.js';

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

/** The patterns of the contract's schemas, in words; any other pattern is quoted. */
const PATTERN_MESSAGES: Record<string, string> = {
  '^[A-Za-z]{3}$': 'must be a three-letter currency code such as EUR',
};

function describe(error: TLocalizedValidationError): [FieldErrorCode, string] {
  const params = error.params as Record<string, unknown>;
  const limit = String(params['limit'] ?? params['comparison'] ?? '');
  switch (error.keyword) {
    case 'type':
      return ['wrong_type', typeMessage(params)];
    case 'minimum':
      return ['out_of_range', `must be at least ${limit}`.trim()];
    case 'maximum':
      return ['out_of_range', `must be at most ${limit}`.trim()];
    case 'maxLength':
      return ['too_long', `must be at most ${String(params['limit'])} characters`];
    case 'minLength':
      return ['empty', 'must not be empty'];
    case 'maxItems':
      return ['too_long', `must hold at most ${String(params['limit'])} items`];
    case 'pattern':
      return [
        'bad_format',
        PATTERN_MESSAGES[String(params['pattern'])] ?? `must match the pattern ${String(params['pattern'])}`,
      ];
    default:
      return ['invalid', error.message];
  }
}

function expand(error: TLocalizedValidationError, base: string): FieldError[] {
  const path = pointerToPath(error.instancePath, base);
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required') {
    const names = (params['requiredProperties'] as string[] | undefined) ?? [];
    return names.map((name) => fieldError(joinPath(path, name), 'missing', 'is required'));
  }
  if (error.keyword === 'dependentRequired') {
    const needed = (params['dependencies'] as string[] | undefined) ?? [];
    return [fieldError(joinPath(path, String(params['property'])), 'missing', `needs ${needed.join(', ')} beside it`)];
  }
  if (error.keyword === 'additionalProperties') {
    const names = (params['additionalProperties'] as string[] | undefined) ?? [];
    return names.map((name) => fieldError(joinPath(path, name), 'unknown_field', 'is not a field of this record'));
  }
  // TypeBox reports each extra property twice: once as `additionalProperties`, once as a `false` schema.
  if (error.keyword === 'boolean') return [];
  // A union reports its branches' failures first; the union's own line says enough.
  if (error.keyword === 'anyOf') return [fieldError(path, 'wrong_type', 'must be an integer or a non-empty string')];
  return [fieldError(path, ...describe(error))];
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
