export declare const SNIPPET_SOURCES: string[];
export declare function newestSource(roots: string[]): { path: string; mtimeMs: number } | undefined;
export declare function buildState(
  output: string,
  sources: string[],
): { output: string; built?: number; newer?: string; fresh: boolean; says: string };
