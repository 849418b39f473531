export interface Engine {
  command: 'podman' | 'docker';
  env: NodeJS.ProcessEnv;
  podman: boolean;
}
export declare function engineEnvironment(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
export declare function findEngine(env?: NodeJS.ProcessEnv): Engine | undefined;
export declare function runEngine(engine: Engine, args: string[], options?: object): void;
export declare function engineResult(
  engine: Engine,
  args: string[],
): { status: number; stdout: string; stderr: string };
export declare function askEngine(engine: Engine, args: string[]): string | undefined;
export declare function hasImage(engine: Engine, name: string): boolean;
export declare function imageAvailable(engine: Engine, name: string): boolean;
