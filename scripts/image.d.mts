import type { Engine } from './container/container-engine.mjs';
export declare const IMAGE: string;
export declare function buildImage(engine: Engine): string[];
