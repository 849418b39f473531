export { parseTimestamp, type ParsedTimestamp, type TimestampResult } from './timestamp.js';
export { historyStart, windowViolation, FUTURE_TOLERANCE_MS, HISTORY_YEARS } from './window.js';
export { validateOrder, validateProduct, validateTrackingEvent, type ValidateOptions } from './validate.js';
export { KINDS, type KindInfo, type RecordKind } from './kinds.js';
export { recordJsonSchemas, serviceOpenApi } from './openapi.js';
export { fieldError, codeOf, type FieldError, type FieldErrorCode, type Validation } from './field-error.js';
export type { AddedToCart, LineItem, Order, Product, TrackingEvent } from './schemas.js';
export { ORDER_STATUSES, type OrderStatus } from './order-status.js';
export { EVENT_CATALOGUE, MAX_LIST_PRODUCTS, type CatalogueEvent, type CatalogueField } from './event-catalogue.js';
