import type { PlatformKind } from '../../relay/platforms/connector.js';
import type { Mapping } from '../../relay/platforms/mapping.js';

/** A shop of the platform as a stand-in on loopback, with the relay settings that make the sync sweep it. */
export interface KitShop {
  /** The relay's settings (as the environment gives them) that reach this shop's API. */
  settings: Record<string, string>;
  /** How many of its products are valid service records (the others are drafts, or refused). */
  validProducts: number;
  /** Changes order number `index` in the shop (a new status, a new modified time); its `order_id` as text. */
  changeOrder(index: number): string;
  /** The cursor each page of `kind` was asked with, as the stand-in read it (epoch ms; 0 = none), oldest first. */
  cursorsAsked(kind: PlatformKind): number[];
  /** `settings` with a credential the shop refuses. */
  wrongCredentials: Record<string, string>;
  close(): Promise<void>;
}

/**
 * What every connector brings besides its folder under relay/platforms/: the suite
 * `test/integration/connector-kit.test.ts` runs the same checks on each, and the fuzz target
 * `webhook-mappings` fuzzes each one's mappings. A connector without a kit fails the suite by name.
 */
export interface ConnectorKit {
  /** Any JSON, as the platform's webhooks or pages may hand it, to a record or a reason to skip. */
  fuzzMappings: ((payload: unknown) => Mapping)[];
  /**
   * What its API pages hand the sync, read by the connector's own parsers (ids, change times, shop
   * dates): any JSON gives a value or a refusal the sweep can report, never a throw (the fuzz target
   * `platform-pages`). Each asserts what its parsers return.
   */
  fuzzPages: ((page: unknown) => void)[];
  /** The mapping of this connector's fixtures (`fixtures/<file>`): kind, payload → mapping. */
  map(kind: PlatformKind, payload: unknown): Mapping;
  /**
   * Fixtures in the platform's documented or recorded shape, each with the service record it must
   * become (`fixtures/mapped.expected.json`).
   */
  cases: { fixture: string; kind: PlatformKind }[];
  /** Its stand-in with `orders` orders and its catalog. */
  shop(orders: number): Promise<KitShop>;
  /** Words of the platform's own answer to a refused credential, which the error the relay shows must carry. */
  refusal: RegExp;
}
