export declare function trimCoverageFile(path: string, rootUrl: string, scratch: string): boolean;
export declare function trimCoverageWhileRunning(dir: string, root?: string): { finish(): void };
