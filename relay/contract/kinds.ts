import type { Validation } from './field-error.js';
import type { ValidateOptions } from './validate.js';
import { validateOrder, validateProduct, validateTrackingEvent } from './validate.js';

/** The three kinds of record the service takes, each with its endpoint and its identity field. */
export type RecordKind = 'event' | 'order' | 'product';

/** The service's three endpoints (spec: "Endpoints"), declared here only. */
export type ServicePath = '/v1/track' | '/v1/orders' | '/v1/products/catalog';

export interface KindInfo {
  kind: RecordKind;
  /** The service's path for one record of this kind. */
  path: ServicePath;
  /** The field whose repeat overwrites an earlier record; events have none. */
  identity?: 'order_id' | 'product_id';
  validate: (value: unknown, options?: ValidateOptions) => Validation<unknown>;
}

export const KINDS: Record<RecordKind, KindInfo> = {
  event: { kind: 'event', path: '/v1/track', validate: validateTrackingEvent },
  order: { kind: 'order', path: '/v1/orders', identity: 'order_id', validate: validateOrder },
  product: { kind: 'product', path: '/v1/products/catalog', identity: 'product_id', validate: validateProduct },
};
