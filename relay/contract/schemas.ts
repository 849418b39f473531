import Type from 'typebox';
import { currency, MAX_TEXT, objectSchema, PRODUCT_FIELDS } from './event-catalogue.js';

/**
 * The service's records (spec: "Resources and their fields"), field for field.
 * Where the spec is silent the choice is written beside the field; see ARCHITECTURE.md.
 */

const MAX_ID = Number.MAX_SAFE_INTEGER;
const text = (description?: string) => Type.String({ maxLength: MAX_TEXT, ...(description ? { description } : {}) });
const integerId = (description: string) => Type.Integer({ minimum: 0, maximum: MAX_ID, description });
const money = (description?: string) => Type.Number({ ...(description ? { description } : {}) });
/** A timestamp in one of the service's shapes; the shape and the window are checked after the schema. */
const timestamp = (description: string) =>
  // 42: the longest shape, `YYYY-MM-DDTHH:MM:SS.ffffff+HH:MM:SS.ffffff`.
  Type.String({ maxLength: 42, description: `${description}; see the timestamp shapes in the spec` });

export const LineItemSchema = Type.Object(
  {
    line_item_product_id: integerId('product_id of the ordered product'),
    line_item_price: money('unit price'),
    line_item_quantity: Type.Integer({ minimum: 0 }),
    line_item_name: Type.Optional(text()),
    line_item_sku: Type.Optional(text()),
    line_item_variation_id: Type.Optional(integerId('variation of the product')),
    line_item_subtotal: Type.Optional(money()),
    line_item_total: Type.Optional(money()),
    line_item_tax_class: Type.Optional(text()),
    line_item_subtotal_tax: Type.Optional(money()),
    line_item_total_tax: Type.Optional(money()),
  },
  { $id: 'LineItem', title: 'Line item', additionalProperties: false },
);

export const OrderSchema = Type.Object(
  {
    city: text(),
    completion_date_gmt: Type.Optional(timestamp('when the order was completed')),
    country: text('two-letter code, three-letter code or full country name'),
    currency: currency(),
    date_created_gmt: timestamp('when the order was created; at most 2 years back'),
    date_modified_gmt: Type.Optional(timestamp('when the order was last modified')),
    email: text('customer e-mail address'),
    first_name: Type.Optional(text()),
    last_name: Type.Optional(text()),
    order_id: integerId('identity of the order; a repeat overwrites'),
    phone: Type.Optional(text()),
    status: text(
      "order status: pending, processing, on-hold, completed, cancelled, refunded or failed (ORDER_STATUSES), or a shop's own",
    ),
    order_value: money('total value of the order'),
    zip_code: Type.Optional(text()),
    line_items: Type.Array(LineItemSchema, { maxItems: 1000 }),
  },
  { $id: 'Order', title: 'Order', additionalProperties: false },
);

export const ProductSchema = Type.Object(
  {
    average_rating: Type.Optional(Type.Number()),
    categories: Type.Optional(text('category names separated by commas')),
    currency: currency(),
    description: Type.Optional(Type.String({ maxLength: 65_536 })),
    image: text('URL of the main product image'),
    image2: Type.Optional(text('URL of a secondary product image')),
    link: text('URL of the product page'),
    name: text('product name or title'),
    on_sale: Type.Optional(Type.Boolean()),
    product_id: integerId('identity of the product; a repeat overwrites'),
    price: money(),
    rating_count: Type.Optional(Type.Number({ minimum: 0 })),
    sku: Type.Optional(text()),
  },
  { $id: 'Product', title: 'Product', additionalProperties: false },
);

/** The `event` object of `Added To Cart`, the one the spec shows (without types): the catalogue's product. */
export const AddedToCartSchema = objectSchema(PRODUCT_FIELDS, false, {
  $id: 'AddedToCart',
  title: 'Added To Cart event object',
});

export const TrackingEventSchema = Type.Object(
  {
    user_id: Type.String({ minLength: 1, maxLength: 256, description: 'counted against the monthly visitor quota' }),
    event_name: Type.String({ minLength: 1, maxLength: 256 }),
    event: Type.Object({}, { additionalProperties: true, description: 'the object that belongs to event_name' }),
    datetime: Type.Optional(timestamp('decides the month the event is billed in')),
    session_id: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
  },
  { $id: 'TrackingEvent', title: 'Tracking event', additionalProperties: false },
);

export type LineItem = Type.Static<typeof LineItemSchema>;
export type Order = Type.Static<typeof OrderSchema>;
export type Product = Type.Static<typeof ProductSchema>;
export type AddedToCart = Type.Static<typeof AddedToCartSchema>;
export type TrackingEvent = Type.Static<typeof TrackingEventSchema>;
