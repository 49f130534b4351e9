import compress from 'koa-compress';
import { isApiPath } from '../routes/api-paths.js';
import type { AppKoaContext, AppMiddleware } from '../koa-types.js';

/**
 * gzip for API answers of 2 KiB and more (JSON, Turtle, SPARQL results): scheme links, dataset
 * pages and exports shrink many times over for people working over a real network. Brotli is
 * left off: its encoder is several times slower than gzip's at a similar size for JSON like ours.
 * A route that sends a body compressed ahead of time (the scheme tree) turns this off with
 * `skipCompression`.
 */
export function apiCompression(): AppMiddleware {
  const gzip = compress({ threshold: 2048, br: false, deflate: false, gzip: { level: 6 } }) as unknown as AppMiddleware;
  return (ctx, next) => (isApiPath(ctx.path) ? gzip(ctx, next) : next());
}

/** For a response whose body is already what should be sent (compressed ahead of time, or tiny). */
export function skipCompression(ctx: AppKoaContext): void {
  (ctx as AppKoaContext & { compress?: boolean }).compress = false;
}
