/** A bench's results with the date each row was measured. */
export type BenchResults = Record<string, unknown> & { date: string; node: string; dates: Record<string, string> };

export declare const resultsPath: (name: string) => string;
export declare const readResults: (name: string) => BenchResults | undefined;
export declare function mergedResults(
  earlier: Record<string, unknown> | undefined,
  rows: Record<string, unknown>,
  date?: string,
): BenchResults;
export declare function writeResults(name: string, rows: Record<string, unknown>): BenchResults;
