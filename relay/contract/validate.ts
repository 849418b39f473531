import { Compile } from 'typebox/compile';
import type { TSchema } from 'typebox';
import { fieldError, joinPath, type FieldError, type Validation } from './field-error.js';
import { isPlainObject as isObject } from '../shared/is-plain-object.js';
import { withBigIntegersChecked } from './big-integers.js';
import { toFieldErrors } from './schema-errors.js';
import { EVENT_CATALOGUE, objectSchema } from './event-catalogue.js';
import {
  OrderSchema,
  ProductSchema,
  TrackingEventSchema,
  type Order,
  type Product,
  type TrackingEvent,
} from './schemas.js';
import { parseTimestamp } from './timestamp.js';
import { checkTextCharacters } from './text-characters.js';
import { windowCheck } from './window.js';

export interface ValidateOptions {
  /**
   * The instant the 2-year and 10-minute windows are measured from, in epoch milliseconds.
   * @default Date.now()
   */
  now?: number;
  /**
   * Whether the value may hold `bigint`s (exact 64-bit ids from a lossless parse); they are
   * range-checked and the schema sees them as integers. Off for ordinary JSON, which has none.
   * @default false
   */
  bigIntegers?: boolean;
}

/** A timestamp field of a record, and whether the service's history window applies to it. */
interface TimestampField {
  name: string;
  windowed: boolean;
}

/** Each catalogued event's object, compiled once; fields the catalogue lacks pass, as the shop's own. */
const EVENT_OBJECTS = new Map(
  Object.entries(EVENT_CATALOGUE).map(([name, event]) => [name, Compile(objectSchema(event.fields, false))]),
);

function checkTimestamps(record: Record<string, unknown>, fields: TimestampField[], now: number): FieldError[] {
  const errors: FieldError[] = [];
  for (const { name, windowed } of fields) {
    const text = record[name];
    if (typeof text !== 'string') continue;
    const parsed = parseTimestamp(text);
    if (!parsed.ok) {
      errors.push(fieldError(name, 'bad_timestamp', parsed.reason));
      continue;
    }
    const violation = windowed ? windowCheck(parsed.value, now) : undefined;
    if (violation) errors.push(fieldError(name, violation.code, violation.message));
  }
  return errors;
}

type ExtraCheck = (record: Record<string, unknown>) => FieldError[];

function createValidator<T>(schema: TSchema, timestamps: TimestampField[], extra: ExtraCheck = () => []) {
  const compiled = Compile(schema);
  return (value: unknown, options: ValidateOptions = {}): Validation<T> => {
    const now = options.now ?? Date.now();
    const rangeErrors: FieldError[] = [];
    const view = options.bigIntegers ? withBigIntegersChecked(value, rangeErrors) : value;
    const shapeErrors = [...rangeErrors, ...(compiled.Check(view) ? [] : toFieldErrors(compiled.Errors(view)))];
    const record = isObject(value) ? value : {};
    const errors = [
      ...shapeErrors,
      ...checkTextCharacters(value),
      ...extra(record),
      ...checkTimestamps(record, timestamps, now),
    ];
    return errors.length === 0 ? { ok: true, value: value as T } : { ok: false, errors };
  };
}

/** Checks the `event` object of a catalogued event field by field; other names pass through. */
function checkEventObject(record: Record<string, unknown>): FieldError[] {
  const name = record['event_name'];
  const compiled = typeof name === 'string' ? EVENT_OBJECTS.get(name) : undefined;
  const event = record['event'];
  if (!compiled || !isObject(event)) return [];
  return compiled.Check(event) ? [] : toFieldErrors(compiled.Errors(event), joinPath('', 'event'));
}

/** Validates an Order: every field of the spec, `date_created_gmt` inside the 2-year window. */
export const validateOrder = createValidator<Order>(OrderSchema, [
  { name: 'date_created_gmt', windowed: true },
  { name: 'date_modified_gmt', windowed: false },
  { name: 'completion_date_gmt', windowed: false },
]);

/** Validates a Product of the catalog. */
export const validateProduct = createValidator<Product>(ProductSchema, []);

/** Validates a Tracking event; a catalogued event also has its `event` object checked field by field. */
export const validateTrackingEvent = createValidator<TrackingEvent>(
  TrackingEventSchema,
  [{ name: 'datetime', windowed: true }],
  checkEventObject,
);
