// Child processes of the benchmarks: started with the current Node, resolved once they print
// "listening on <url>", remembered in `children` so a phase can stop all it started.
import { spawn } from 'node:child_process';

export function startListening(children, args, env = {}, stderr = 'pipe') {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', stderr] });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      const match = /listening on (http:\/\/[\d.:]+)/.exec(String(chunk));
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)));
  });
}
