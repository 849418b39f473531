import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Context } from 'koa';
import { HttpError } from '../http/http-error.js';

interface ScriptVariants {
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

function loadVariants(file: string): ScriptVariants | undefined {
  if (!existsSync(file)) return undefined;
  const identity = readFileSync(file);
  const etag = `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
  return { etag, identity, gzip: gzipSync(identity, { level: 9 }), br: brotliCompressSync(identity) };
}

/**
 * `GET /shopbeacon.js`: the built snippet (and `GET /shopbeacon-shopify.js` the Shopify storefront
 * companion, `what` in the refusal), compressed once at start, with a strong ETag. An hour of
 * caching keeps repeat page views free; the ETag makes the revalidation after it a 304.
 */
export function scriptRoute(options: { file: string; what?: string }) {
  const variants = loadVariants(options.file);
  return function script(ctx: Context): void {
    if (!variants)
      throw new HttpError(404, 'snippet_not_built', `${options.what ?? 'the snippet'} is not built: run npm run build`);
    ctx.set('ETag', variants.etag);
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.vary('Accept-Encoding');
    ctx.type = 'text/javascript; charset=utf-8';
    // Koa judges freshness only for a 2xx answer; the status is still its default 404 here.
    ctx.status = 200;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    // The relay's order, not the client's: browsers list `gzip, deflate, br` with equal weights,
    // and the client's order would never give them the smaller copy.
    const encoding = (['br', 'gzip'] as const).find((coding) => ctx.acceptsEncodings(coding) === coding);
    if (encoding === 'br' || encoding === 'gzip') ctx.set('Content-Encoding', encoding);
    ctx.body = encoding === 'br' ? variants.br : encoding === 'gzip' ? variants.gzip : variants.identity;
  };
}
