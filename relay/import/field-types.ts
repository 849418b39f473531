import { LineItemSchema, OrderSchema, ProductSchema } from '../contract/schemas.js';

export type FieldType = 'integer' | 'number' | 'boolean' | 'string';

/** Each field's JSON type, read from the contract's schemas, so CSV coercion cannot drift from validation. */
function typesOf(schema: { properties: Record<string, unknown> }): Record<string, FieldType> {
  const types: Record<string, FieldType> = {};
  for (const [name, property] of Object.entries(schema.properties)) {
    const type = (property as { type?: unknown }).type;
    if (type === 'integer' || type === 'number' || type === 'boolean' || type === 'string') types[name] = type;
  }
  return types;
}

export const ORDER_FIELDS = typesOf(OrderSchema as never);
export const LINE_ITEM_FIELDS = typesOf(LineItemSchema as never);
export const PRODUCT_FIELDS = typesOf(ProductSchema as never);
