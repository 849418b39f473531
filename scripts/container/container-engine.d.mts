export interface Engine {
  command: 'podman' | 'docker';
  env: NodeJS.ProcessEnv;
  podman: boolean;
}
export declare function engineEnvironment(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
export declare function findEngine(env?: NodeJS.ProcessEnv): Engine | undefined;
export declare function runEngine(engine: Engine, args: string[], options?: object): void;
export declare function askEngine(engine: Engine, args: string[]): string | undefined;
