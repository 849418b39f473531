// The container engine this machine runs: podman or docker, whichever answers, and how to call it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const CONTAINERS_CONF = fileURLToPath(new URL('containers.conf', import.meta.url));

/**
 * The environment podman needs here: without systemd its defaults (the systemd cgroup manager,
 * crun with raised ulimits) fail, so our containers.conf is used unless the user set their own.
 */
export function engineEnvironment(env = process.env) {
  if (env.CONTAINERS_CONF || existsSync('/run/systemd/system')) return env;
  return { ...env, CONTAINERS_CONF };
}

/** Whether `command` runs containers here: a docker client without its daemon does not. */
function answers(command, env) {
  return spawnSync(command, ['info'], { env, stdio: 'ignore', timeout: 30_000 }).status === 0;
}

/** `{ command, env, podman }` for the first engine that answers (podman first), or undefined. */
export function findEngine(env = process.env) {
  const podmanEnv = engineEnvironment(env);
  if (answers('podman', podmanEnv)) return { command: 'podman', env: podmanEnv, podman: true };
  if (answers('docker', env)) return { command: 'docker', env, podman: false };
  return undefined;
}

/** Runs the engine with `args`, its output shown; throws naming the command when it fails. */
export function runEngine(engine, args, options = {}) {
  const { status } = spawnSync(engine.command, args, { env: engine.env, stdio: 'inherit', ...options });
  if (status !== 0) throw new Error(`${engine.command} ${args.join(' ')} failed (exit ${status}); its output is above`);
}

/** The engine's exit status, standard output and error for `args`. */
export function engineResult(engine, args) {
  const { status, stdout, stderr } = spawnSync(engine.command, args, {
    env: engine.env,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: status ?? 1, stdout: (stdout ?? '').trim(), stderr: (stderr ?? '').trim() };
}

/** The engine's answer to `args` as text, or undefined when it fails. */
export function askEngine(engine, args) {
  const { status, stdout } = engineResult(engine, args);
  return status === 0 ? stdout : undefined;
}

/** Whether the image `name` is in the engine's store. */
export const hasImage = (engine, name) =>
  askEngine(engine, ['image', 'inspect', '--format', '{{.Id}}', name]) !== undefined;

/** Whether `name` is in the engine's store, or could be pulled into it. */
export function imageAvailable(engine, name) {
  return (
    hasImage(engine, name) ||
    spawnSync(engine.command, ['pull', name], { env: engine.env, stdio: 'ignore', timeout: 120_000 }).status === 0
  );
}
