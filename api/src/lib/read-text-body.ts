import { AppError } from '@og/shared/errors/app-error';
import type { AppKoaContext } from '../koa-types.js';

/** Reads a text request body up to `maxBytes` (413 past it), decoded as UTF-8. */
export async function readTextBody(ctx: AppKoaContext, maxBytes: number): Promise<string> {
  const declared = Number(ctx.get('content-length') || 0);
  if (declared > maxBytes) throw new AppError('payload_too_large', `The request body is larger than ${maxBytes} bytes.`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) throw new AppError('payload_too_large', `The request body is larger than ${maxBytes} bytes.`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
