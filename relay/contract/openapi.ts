import { KINDS } from './kinds.js';
import { AddedToCartSchema, LineItemSchema, OrderSchema, ProductSchema, TrackingEventSchema } from './schemas.js';

const JSON_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

/** A plain JSON copy of a TypeBox schema (drops TypeBox's symbol keys), with `$id` references kept. */
function plain(schema: unknown): Record<string, unknown> {
  return JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;
}

/** The JSON Schemas of the service's records, each standalone (2020-12), keyed by name. */
export function recordJsonSchemas(): Record<string, Record<string, unknown>> {
  return {
    Order: { $schema: JSON_SCHEMA_DIALECT, ...plain(OrderSchema) },
    LineItem: { $schema: JSON_SCHEMA_DIALECT, ...plain(LineItemSchema) },
    Product: { $schema: JSON_SCHEMA_DIALECT, ...plain(ProductSchema) },
    TrackingEvent: { $schema: JSON_SCHEMA_DIALECT, ...plain(TrackingEventSchema) },
    AddedToCart: { $schema: JSON_SCHEMA_DIALECT, ...plain(AddedToCartSchema) },
  };
}

function componentSchema(schema: unknown): Record<string, unknown> {
  const { $id: _id, ...rest } = plain(schema);
  return rest;
}

function operation(summary: string, schemaName: string, success: string, failure: string) {
  return {
    post: {
      summary,
      security: [{ bearerAuth: [] }],
      requestBody: {
        required: true,
        content: { 'application/json': { schema: { $ref: `#/components/schemas/${schemaName}` } } },
      },
      responses: {
        '200': { description: success },
        '400': {
          description: failure,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
        },
      },
    },
  };
}

/** An OpenAPI 3.1 document of the service's three endpoints, built from the schemas the relay validates with. */
export function serviceOpenApi(baseUrl = '{base_url}'): Record<string, unknown> {
  const schemas = {
    Order: componentSchema(OrderSchema),
    Product: componentSchema(ProductSchema),
    TrackingEvent: componentSchema(TrackingEventSchema),
    AddedToCart: componentSchema(AddedToCartSchema),
    ErrorBody: {
      type: 'object',
      description: "The mock service's refusal body; the real service's is not documented.",
      properties: {
        error: { type: 'string' },
        errors: {
          type: 'array',
          items: { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } } },
        },
      },
    },
  };
  // Nested schemas carry `$id`; OpenAPI resolves them by reference to components instead.
  (schemas.Order.properties as Record<string, unknown>)['line_items'] = {
    type: 'array',
    maxItems: 1000,
    items: componentSchema(LineItemSchema),
  };
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: JSON_SCHEMA_DIALECT,
    info: {
      title: 'Server-side tracking, order upload and product catalog service',
      version: 'v1',
      description:
        'As documented in docs/service-contract.md of the shopbeacon package. Timestamps: YYYY-MM-DD[ T]HH:MM:SS[.fff|.ffffff][+HH:MM]; ' +
        'no offset means UTC; at most 2 years back and 10 minutes ahead.',
    },
    servers: [{ url: baseUrl }],
    paths: {
      [KINDS.order.path]: operation(
        'Upload one order (a repeated order_id overwrites)',
        'Order',
        'the order was added',
        'order upload failed',
      ),
      [KINDS.product.path]: operation(
        'Upload one product (a repeated product_id overwrites)',
        'Product',
        'the catalog was updated',
        'catalog upload failed',
      ),
      [KINDS.event.path]: operation('Send one tracking event', 'TrackingEvent', 'the event was added', 'event failed'),
    },
    components: {
      schemas,
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  };
}
