import type { Context } from 'koa';
import { strictCsp } from './content-security-policy.js';
import type { SafeHtml } from './html.js';

/** An HTML page under a strict Content-Security-Policy, never framed, never cached. */
export function sendPage(ctx: Context, page: SafeHtml, inlineScriptHashes: string[] = []): void {
  ctx.set('Content-Security-Policy', strictCsp(inlineScriptHashes));
  ctx.set('X-Frame-Options', 'DENY');
  ctx.set('Cache-Control', 'no-store');
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = `<!doctype html>\n${page.text}`;
}
