export { createClient, type ClientOptions, type ClientAnswer, type ShopbeaconClient } from './create-client.js';
export { ClientHttpError, ClientValidationError } from './client-errors.js';
export { readVisitorIds, type VisitorIds } from './visitor-ids.js';
export type { Order, Product, TrackingEvent, LineItem, AddedToCart } from '../contract/schemas.js';
