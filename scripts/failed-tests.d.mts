export declare function failedTestBlocks(tap: string): string[];
