import { AppError, type ErrorCode } from '@og/shared/errors/app-error';
import { serverUnavailableMessage } from '@og/shared/errors/spec-messages';
import { isApiPath } from '../routes/api-paths.js';
import { isNoRoomError } from '../lib/disk-space.js';
import { isStoreOutage } from '../lib/store-outage.js';
import { StoreWriteError } from '../sparql/triple-store.js';
import type { Logger } from '../lib/log.js';
import type { AppMiddleware } from '../koa-types.js';

interface HttpLikeError {
  status?: number;
  statusCode?: number;
  expose?: boolean;
  message?: string;
}

const codeByStatus: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

/** How long a client is told to wait (`Retry-After`, seconds) before trying again while a store is away. */
export const outageRetryAfterSeconds = 5;

/** Turns whatever a route throws into an AppError with a status and a message fit to show. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  // A write the disk had no room for was not made: 507 says so (an I/O error of the store: try again later).
  if (error instanceof StoreWriteError) return new AppError(error.diskFull ? 'insufficient_storage' : 'service_unavailable', error.message);
  if (isNoRoomError(error)) return new AppError('insufficient_storage', "The server's disk is full; nothing of the request was stored.");
  if (isStoreOutage(error)) return new AppError('unavailable', serverUnavailableMessage);
  const http = (error ?? {}) as HttpLikeError;
  const status = http.status ?? http.statusCode;
  if (status && status >= 400 && status < 500 && codeByStatus[status]) {
    return new AppError(codeByStatus[status], http.expose && http.message ? http.message : 'The request was refused.');
  }
  return new AppError('internal', 'Something went wrong on the server.');
}

/** One error middleware: every failure answers `{ error: { code, message, details } }`; stack traces go to the log only. */
export function errorHandler(log: Logger): AppMiddleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined && isApiPath(ctx.path)) {
        throw new AppError('not_found', `No API route ${ctx.method} ${ctx.path}`);
      }
    } catch (error) {
      const appError = toAppError(error);
      if (appError.code === 'internal') {
        log.error('request failed', { method: ctx.method, path: ctx.path, error: error as Error });
      } else if (appError.code === 'unavailable' && appError !== error) {
        // An outage fails every request alike: one line each, without a stack.
        log.warn('request failed: a store is unavailable', { method: ctx.method, path: ctx.path, reason: (error as Error).message });
      }
      // A full disk needs someone to make room: said in the log too.
      if (appError.code === 'insufficient_storage') log.error('request failed: no room on the disk', { method: ctx.method, path: ctx.path, reason: appError.message });
      ctx.status = appError.status;
      ctx.body = appError.toBody();
      if (appError.code === 'unavailable') ctx.set('Retry-After', String(outageRetryAfterSeconds));
      if (appError.code === 'rate_limited' && typeof appError.details === 'object' && appError.details && 'retryAfterSeconds' in appError.details) {
        ctx.set('Retry-After', String((appError.details as { retryAfterSeconds: number }).retryAfterSeconds));
      }
    }
  };
}
