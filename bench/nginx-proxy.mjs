// nginx from Debian as the baseline a shop would put in front of the service instead of the relay:
// a keep-alive reverse proxy adding the bearer token, one worker, on a free loopback port.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { canInstallFromDebian, hasCommand, installFromDebian } from '../scripts/debian-install.mjs';
import { freePort } from './free-port.mjs';

const hasNginx = () => hasCommand('nginx') || hasCommand('/usr/sbin/nginx');

function configuration(dir, port, upstream, token) {
  return `daemon off; worker_processes 1; pid ${dir}/nginx.pid; error_log ${dir}/error.log;
events { worker_connections 4096; }
http { access_log off; client_body_temp_path ${dir}; proxy_temp_path ${dir}; fastcgi_temp_path ${dir}; uwsgi_temp_path ${dir}; scgi_temp_path ${dir};
  upstream service { server ${upstream}; keepalive 64; }
  server { listen 127.0.0.1:${port};
    location / { proxy_pass http://service; proxy_http_version 1.1; proxy_set_header Connection ""; proxy_set_header Authorization "Bearer ${token}"; } } }
`;
}

/** Resolves once `url` answers anything: nginx prints nothing when it is ready. */
async function listening(url) {
  for (let tries = 0; tries < 100; tries++) {
    try {
      await fetch(url, { method: 'HEAD' });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error(`nginx did not listen at ${url}`);
}

/**
 * nginx proxying to `serviceUrl`, remembered in `children`; its URL, or undefined without nginx
 * (installed as root).
 */
export async function startNginx(children, serviceUrl, token) {
  if (!hasNginx() && canInstallFromDebian()) {
    try {
      installFromDebian(['nginx'], 'nginx not found');
    } catch {
      /* reported by the caller's missing rows */
    }
  }
  if (!hasNginx()) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'sb-nginx-'));
  const port = await freePort();
  writeFileSync(join(dir, 'nginx.conf'), configuration(dir, port, new URL(serviceUrl).host, token));
  children.push(spawn('nginx', ['-c', join(dir, 'nginx.conf'), '-p', dir], { stdio: 'ignore' }));
  const url = `http://127.0.0.1:${port}`;
  await listening(url);
  return url;
}
