import { spawn } from 'node:child_process';
import { engineResult, findEngine, hasImage, type Engine } from '../../scripts/container/container-engine.mjs';
import { IMAGE } from '../../scripts/image.mjs';

export const IMAGE_TAG = `${IMAGE}:latest`;

/** The engine that runs containers here, or why none can (`npm run test:container` installs podman as root). */
export function containerEngine(): { engine?: Engine; reason?: string } {
  const engine = findEngine();
  if (!engine)
    return {
      reason: 'neither podman nor docker runs containers here (npm run test:container installs podman as root)',
    };
  if (!hasImage(engine, IMAGE_TAG))
    return { engine, reason: `${IMAGE_TAG} is not built (npm run image; npm run test:container builds it first)` };
  return { engine };
}

export { engineResult as engineRun };

/** Like `engineRun`, failing with the engine's own words when it does not exit 0. */
export function engineOk(engine: Engine, args: string[]): string {
  const { status, stdout, stderr } = engineResult(engine, args);
  if (status !== 0) throw new Error(`${engine.command} ${args.join(' ')} exited ${status}: ${stderr || stdout}`);
  return stdout;
}

/** Resolves once the container's output (`logs -f`) has a line matching `pattern`; rejects if it stops first. */
export function containerPrinted(engine: Engine, name: string, pattern: RegExp): Promise<string> {
  const follow = spawn(engine.command, ['logs', '-f', name], { env: engine.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let seen = '';
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer) => {
      seen += chunk.toString();
      const match = pattern.exec(seen);
      if (!match) return;
      follow.kill();
      resolve(match[0]);
    };
    follow.stdout.on('data', read);
    follow.stderr.on('data', read);
    follow.once('exit', () => reject(new Error(`${name} stopped before printing ${pattern}: ${seen}`)));
  });
}

/** Removes the containers and volumes named, whatever state they are in. */
export function removeContainers(engine: Engine, containers: string[], volumes: string[] = []): void {
  for (const name of containers) engineResult(engine, ['rm', '-f', '-t', '0', name]);
  for (const name of volumes) engineResult(engine, ['volume', 'rm', '-f', name]);
}
