import { Compile } from 'typebox/compile';
import { eventObjectSchema, helperEventName } from '../../relay/contract/event-catalogue.js';
import { toFieldErrors } from '../../relay/contract/schema-errors.js';

/**
 * The name tests and docs give an event the catalogue lacks (a shop's own, sent with `track`): no
 * real event will take it, so cataloguing one changes no test of what is uncatalogued.
 */
export const UNCATALOGUED_EVENT = 'Your Own Event';
/** A helper's name the catalogue lacks, likewise: a misspelt or not yet catalogued helper. */
export const UNCATALOGUED_HELPER = 'yourOwnHelper';

/** The part of a JSON schema a catalogued field's example is made from. */
interface FieldSchema {
  type?: string;
  anyOf?: FieldSchema[];
  properties?: Record<string, FieldSchema>;
  items?: FieldSchema;
  minimum?: number;
  minLength?: number;
  minItems?: number;
  pattern?: string;
}

/** The least value a field's schema takes: its first alternative, its minimum, its fewest items. */
function leastValue(schema: FieldSchema, path: string): unknown {
  if (schema.anyOf) return leastValue(schema.anyOf[0]!, path);
  if (schema.type === 'object')
    return Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([name, field]) => [name, leastValue(field, `${path}.${name}`)]),
    );
  if (schema.type === 'array')
    return Array.from({ length: Math.max(schema.minItems ?? 1, 1) }, () => leastValue(schema.items!, `${path}[]`));
  if (schema.type !== 'string') return schema.minimum ?? 1;
  const text = schema.pattern ? 'EUR' : 'x'.repeat(Math.max(schema.minLength ?? 1, 1));
  if (schema.pattern && !new RegExp(schema.pattern).test(text))
    throw new Error(`catalogueExample: ${path} has a pattern (${schema.pattern}) no example is made for: add one here`);
  return text;
}

/** An event of the catalogue with every field it names, each the least value its schema takes. */
export function catalogueExample(name: string): Record<string, unknown> {
  const schema = eventObjectSchema(name, true);
  if (!schema) throw new Error(`catalogueExample: ${name} is not an event of the catalogue`);
  return leastValue(schema as FieldSchema, 'event') as Record<string, unknown>;
}

/**
 * What a source's event breaks of the catalogue's strict form, one `path: message` each: a field
 * the catalogue lacks is refused here, where the relay lets a shop's own fields pass. An event
 * name the catalogue lacks is itself a refusal: our sources send catalogued events only.
 */
export function catalogueRefusals(name: string, event: unknown): string[] {
  const catalogued = String(helperEventName(name));
  const schema = eventObjectSchema(catalogued, true);
  if (!schema) return [`${name}: not an event of the catalogue`];
  const compiled = Compile(schema);
  if (compiled.Check(event)) return [];
  return toFieldErrors(compiled.Errors(event), 'event').map((error) => `${catalogued} ${error.path}: ${error.message}`);
}

/** The `shopbeacon(name, object)` calls of a page's inline script, in order. */
export function snippetCalls(html: string): [string, unknown][] {
  return [...html.matchAll(/shopbeacon\("(\w+)",(\{.*?\})\);\n/g)].map((match) => [
    match[1]!,
    JSON.parse(match[2]!) as unknown,
  ]);
}

/** The listings a page carries as JSON elements (`<script type="application/json" class="shopbeacon-list">`). */
export function listingElements(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/json" class="shopbeacon-list">(.*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
}
