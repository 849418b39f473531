import type { RelayConfig } from './relay-config.js';

/** One setting: its environment variable, its flag, how to read it, and its default. */
export interface Setting {
  key: keyof RelayConfig;
  env: string;
  flag: string;
  help: string;
  parse: (text: string) => unknown;
  fallback?: unknown;
  /** The default as a user writes it, where `fallback` is stored otherwise (milliseconds, bytes, a list). */
  shown?: string;
  /** Its value never appears in a message, and giving it as a flag (seen in `ps`) is warned about. @default false */
  secret?: boolean;
}
