import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { Context } from 'koa';
import { HttpError } from '../http/http-error.js';
import { packageRoot } from '../shared/package-root.js';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

interface Asset {
  body: Buffer;
  type: string;
  etag: string;
}

/** The built pages' scripts and styles in `dist/web/` (built by `npm run build`). */
export function webAssetDir(): string {
  return join(packageRoot(), 'dist', 'web');
}

function load(dir: string, name: string): Asset | undefined {
  const file = join(dir, name);
  if (!existsSync(file)) return undefined;
  const body = readFileSync(file);
  return {
    body,
    type: TYPES[extname(name)] ?? 'application/octet-stream',
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`,
  };
}

/** Serves the named files of `dir`, read once; `no-cache` with an ETag, so a rebuilt page is picked up at once. */
export function webAssets(names: string[], dir = webAssetDir()) {
  const assets = new Map(names.map((name) => [name, load(dir, name)]));
  return function webAsset(ctx: Context): void {
    const asset = assets.get(String(ctx.params['file']));
    if (!asset)
      throw new HttpError(
        404,
        'not_found',
        `no asset ${String(ctx.params['file'])} (is the package built? npm run build)`,
      );
    ctx.set('ETag', asset.etag);
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = asset.type;
    ctx.status = 200;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    ctx.body = asset.body;
  };
}
