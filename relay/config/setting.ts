/** One setting as its row states it: its environment variable, its flag, how to read it, and its default. */
export interface SettingRow<Key extends string = string, Value = unknown> {
  key: Key;
  env: string;
  flag: string;
  help: string;
  parse: (text: string) => Value;
  fallback?: Value;
  /** The default as a user writes it, where `fallback` is stored otherwise (milliseconds, bytes, a list). */
  shown?: string;
  /** Its value never appears in a message, and giving it as a flag (seen in `ps`) is warned about. */
  secret?: boolean;
}

/** What one row gives the relay: its parser's value, or `undefined` too when the row has no default. */
type ValueOf<Row> = Row extends { parse: (text: string) => infer Value }
  ? Row extends { fallback: unknown }
    ? Value
    : Value | undefined
  : never;

/**
 * The settings a list of rows gives, keyed by each row's `key`: `RelayConfig` is built from these,
 * so a setting's name, type and whether it has a default are stated once, in its row.
 */
export type SettingsOf<Rows extends readonly SettingRow[]> = { [Row in Rows[number] as Row['key']]: ValueOf<Row> };

/** What a row with a default gives: its parser's value. */
type DefaultOf<Row> = Row extends { parse: (text: string) => infer Value; fallback: unknown } ? Value : never;

/**
 * The default of the row `key` among `rows`, for a part built without the relay's settings (a test,
 * an embedder, a bench): the same number the relay runs with, stated once, in the row.
 */
export function rowDefault<const Rows extends readonly SettingRow[], Key extends Rows[number]['key']>(
  rows: Rows,
  key: Key,
): DefaultOf<Extract<Rows[number], { key: Key }>> {
  const row = rows.find((candidate) => candidate.key === key);
  if (row?.fallback === undefined) throw new Error(`the setting ${key} has no default`);
  return row.fallback as DefaultOf<Extract<Rows[number], { key: Key }>>;
}
