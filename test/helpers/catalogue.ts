import { Compile } from 'typebox/compile';
import { eventObjectSchema, helperEventName } from '../../relay/contract/event-catalogue.js';
import { toFieldErrors } from '../../relay/contract/schema-errors.js';

/**
 * The name tests and docs give an event the catalogue lacks (a shop's own, sent with `track`): no
 * real event will take it, so cataloguing one changes no test of what is uncatalogued.
 */
export const UNCATALOGUED_EVENT = 'Your Own Event';

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
