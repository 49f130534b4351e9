import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { finished, pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { AppError } from '@og/shared/errors/app-error';
import type { AppKoaContext } from '../koa-types.js';
import { assertRoomForUpload, uploadWriteError } from './disk-space.js';

export interface ReceivedUpload {
  /** Where the file now is (under the uploads directory). */
  path: string;
  /** The name the browser gave it (for messages only, never for paths). */
  originalName: string;
  bytes: number;
  /** Text fields sent with the file. */
  fields: Record<string, string>;
}

/**
 * Streams one multipart file to disk without holding it in memory. Refuses a body that is not
 * multipart (415), a file over `maxBytes` (413, the partial file removed), a missing file or a
 * wrong extension (400), and an upload cut off half-way (400). Refuses at once (507) a body whose
 * declared size (Content-Length) would not leave the spare space free on the uploads' disk, and
 * answers 507 when the file cannot be written (a full disk), its partial file removed at once and
 * the rest of the body read and dropped, so the answer reaches a client still sending.
 */
export async function receiveUpload(
  ctx: AppKoaContext,
  options: { directory: string; maxBytes: number; extensions: string[]; fieldLimitBytes?: number },
): Promise<ReceivedUpload> {
  if (!ctx.is('multipart/form-data')) throw new AppError('unsupported_media_type', 'Send the file as multipart/form-data with a field named "file".');
  await fs.promises.mkdir(options.directory, { recursive: true });
  // The file is at most the body (or one byte past the limit, where it is refused anyway).
  const declared = Number(ctx.get('content-length'));
  await assertRoomForUpload(options.directory, Number.isSafeInteger(declared) && declared > 0 ? Math.min(declared, options.maxBytes + 1) : 0);
  // busboy reports its fileSize limit once a file *reaches* it: one byte more lets a file of exactly maxBytes through.
  const parser = busboy({ headers: ctx.req.headers, limits: { files: 1, fileSize: options.maxBytes + 1, fields: 20, fieldSize: options.fieldLimitBytes ?? 64 * 1024 } });
  const fields: Record<string, string> = {};
  let upload: Promise<ReceivedUpload | null> | null = null;
  let target: string | null = null;
  let failure: AppError | null = null;

  parser.on('field', (name, value, info) => {
    if (info.valueTruncated) failure ??= new AppError('payload_too_large', `The field ${name} is too large.`);
    fields[name] = value;
  });
  parser.on('file', (name, stream, info) => {
    if (name !== 'file' || upload) {
      stream.resume();
      return;
    }
    // Control characters (a NUL included) have no place in a name shown to people or stored.
    // eslint-disable-next-line no-control-regex
    const filename = (info.filename ?? '').replace(/[\u0000-\u001F\u007F]/g, '');
    const extension = path.extname(filename).toLowerCase();
    if (!options.extensions.includes(extension)) {
      failure ??= new AppError('bad_request', `Only ${options.extensions.join(' or ')} files are accepted (got "${filename.slice(0, 200)}").`);
      stream.resume();
      return;
    }
    const file = path.join(options.directory, `${crypto.randomUUID()}${extension}`);
    target = file;
    let bytes = 0;
    stream.on('data', (chunk: Buffer) => (bytes += chunk.length));
    stream.on('limit', () => (failure ??= new AppError('payload_too_large', `The file is larger than ${options.maxBytes} bytes.`)));
    const out = fs.createWriteStream(file);
    // Piped, not pipeline(): a failed write must not destroy the part's stream (busboy would then
    // wait for it for ever), only stop writing it. The outcome is handled from the start, so a
    // write that fails while the body is still being parsed is never an unhandled rejection.
    let cutOff: Error | null = null;
    stream.on('error', (error: Error) => {
      cutOff ??= error;
      out.destroy(error);
    });
    upload = finished(out).then(
      () => ({ path: file, originalName: filename, bytes, fields }),
      async (error: unknown) => {
        failure ??= cutOff ? new AppError('bad_request', `The upload did not arrive whole: ${cutOff.message}`) : uploadWriteError(error);
        // The rest of the part is read and dropped; what was written goes now, not once the body is in.
        stream.unpipe(out);
        stream.resume();
        await fs.promises.rm(file, { force: true }).catch(() => undefined);
        return null;
      },
    );
    stream.pipe(out);
  });

  try {
    await pipeline(ctx.req, parser);
  } catch (error) {
    failure ??= new AppError('bad_request', `The upload did not arrive whole: ${(error as Error).message}`);
  }
  const received = upload ? await (upload as Promise<ReceivedUpload | null>) : null;
  if (failure || !received) {
    // Whatever reached the disk goes, also the part of a file whose upload was cut off.
    if (target) await fs.promises.rm(target, { force: true });
    throw failure ?? new AppError('bad_request', 'The request has no file in a field named "file".');
  }
  return received;
}
