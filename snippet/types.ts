import type { SnippetEvent } from './protocol.js';

export type { SnippetEvent } from './protocol.js';

/** Key-value storage that may be missing or throw (private mode, sandboxed frames, full quota). */
export interface KeyValueStore {
  get(key: string): string | null | undefined;
  set(key: string, value: string): unknown;
}

export interface CookieJar {
  get(name: string): string | undefined;
  set(name: string, value: string, maxAgeSeconds: number): unknown;
}

/** The outcome of one send: `true` removes the events from the queue (sent or refused for good), `false` keeps them. */
export type SendOutcome = boolean;

export interface Transport {
  /** Sends while the page lives; resolves once the relay answered or the request failed. */
  send(events: SnippetEvent[]): Promise<SendOutcome>;
  /** Sends as the page is hidden or unloads; nothing confirms it. */
  beacon(events: SnippetEvent[]): void;
}

export interface Ids {
  user_id: string;
  /** The relay's session (`_sb_sid`); none before the relay's first answer, or after a switch of account. */
  session_id?: string;
}
