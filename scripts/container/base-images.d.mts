import type { Engine } from './container-engine.mjs';
export declare function dockerfileBase(dockerfile?: string): { name: string; major: string; suite: string };
export declare function ensureDebianBase(engine: Engine, suite?: string): string;
export declare function ensureNodeBase(engine: Engine, dockerfile?: string): string;
