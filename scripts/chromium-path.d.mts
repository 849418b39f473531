export declare function findChromium(): { path: string; source: 'CHROMIUM_PATH' | 'system' | 'playwright' } | undefined;
export declare const CHROMIUM_ARGS: string[];
