import { AppError, type ErrorCode } from '@og/shared/errors/app-error';
import { isApiPath } from '../routes/api-paths.js';
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

/** Turns whatever a route throws into an AppError with a status and a message fit to show. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
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
      }
      ctx.status = appError.status;
      ctx.body = appError.toBody();
      if (appError.code === 'rate_limited' && typeof appError.details === 'object' && appError.details && 'retryAfterSeconds' in appError.details) {
        ctx.set('Retry-After', String((appError.details as { retryAfterSeconds: number }).retryAfterSeconds));
      }
    }
  };
}
