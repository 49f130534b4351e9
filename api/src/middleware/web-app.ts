import fs from 'node:fs';
import path from 'node:path';
import serve from 'koa-static';
import type { AppMiddleware } from '../koa-types.js';

const serverPaths = ['/api', '/socket.io', '/admin/queues'];

/**
 * Serves the built web app from `web/dist` (brotli or gzip files written at build time when the
 * browser accepts them), with the SPA fallback: any other GET that wants
 * HTML gets `index.html`, so deep links such as /datasets/list work on reload.
 */
export function webApp(distDir: string): AppMiddleware {
  const indexFile = path.join(distDir, 'index.html');
  const assets = serve(distDir, { index: false, maxage: 0 }) as unknown as AppMiddleware;
  return async (ctx, next) => {
    if (serverPaths.some((prefix) => ctx.path === prefix || ctx.path.startsWith(`${prefix}/`))) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (ctx.path.startsWith('/assets/')) {
      ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
      ctx.vary('Accept-Encoding'); // koa-send picks the .br or .gz written by the build
    }
    await assets(ctx, async () => undefined);
    if (ctx.body !== undefined || ctx.status !== 404) return;
    if (!ctx.accepts('html')) return next();
    if (!fs.existsSync(indexFile)) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = `The web app is not built (no ${indexFile}). Run 'npm run build' or 'npm start'.`;
      return;
    }
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = fs.createReadStream(indexFile);
  };
}
