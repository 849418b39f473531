export declare function nodeVersionProblem(current: string, engines: string): string | undefined;
export declare function installFailureExplanation(output: string, hasCommand: (command: string) => boolean): string;
export declare function installIsStale(lockfileMtimeMs: number, installedMtimeMs: number | undefined): boolean;
export declare function installNodeMismatch(installedWith: string | undefined, current: string): string | undefined;
export declare function formatDuration(ms: number): string;
