import type { DoctorCheck } from './doctor-check.js';
import { platformChecks } from './platform-checks.js';
import {
  coverageChecks,
  deadLetterChecks,
  newVisitorChecks,
  visitorCeilingChecks,
  relayChecks,
  relayStats,
  serviceCheck,
} from './relay-checks.js';
import { storefrontChecks } from './storefront-checks.js';
import { wayInChecks } from './way-in-check.js';

export interface DoctorOptions {
  /** The shop as shoppers reach it: `https://shop.example`. */
  site: string;
  /** The relay as browsers reach it: `https://shop.example/sb` by default. */
  relayUrl: string;
  /**
   * The relay as this server reaches it, for its private routes (`/readyz`, `/stats`): the shipped
   * proxy passes only what browsers and platforms need.
   */
  localUrl: string;
  /** A product page, when the home page links none. */
  page?: string;
  /** The relay's admin key, for `/stats`. */
  adminKey?: string;
  /** Shopify is connected: the pixel, not a script tag, is the storefront half. */
  shopify: boolean;
  /** The share of storefront orders joined to a visitor below which the doctor warns (0 to 1, 0.9 unless told). */
  minJoined?: number;
}

/** Every hop, in the order a record travels: storefront, the way in, the relay, the service, each platform. */
export async function runDoctor(options: DoctorOptions): Promise<DoctorCheck[]> {
  const reading = await relayStats(options.localUrl, options.adminKey);
  return [
    ...(await storefrontChecks(options.site, options.relayUrl, {
      ...(options.page ? { page: options.page } : {}),
      shopify: options.shopify,
    })),
    ...(await wayInChecks(options.site, options.relayUrl)),
    ...(await relayChecks(options.site, options.localUrl, options.adminKey)),
    serviceCheck(reading),
    ...deadLetterChecks(reading),
    ...newVisitorChecks(reading),
    ...visitorCeilingChecks(reading),
    ...coverageChecks(reading, options.minJoined ?? 0.9),
    ...(await platformChecks(options.relayUrl, 'stats' in reading ? reading.stats : undefined)),
  ];
}
