import { AppError, type ErrorCode } from '@og/shared/errors/app-error';
import { serverUnavailableMessage } from '@og/shared/errors/spec-messages';
import { isApiPath } from '../routes/api-paths.js';
import { isNoRoomError } from '../lib/disk-space.js';
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

/**
 * SQLSTATEs of a PostgreSQL that is away or refusing work for now: admin shutdown, crash
 * shutdown, cannot connect now (starting or stopping), too many connections. Class 08
 * (connection exceptions) is matched by its prefix.
 */
const postgresOutageStates = new Set(['57P01', '57P02', '57P03', '53300']);
/** Socket errors of a connection refused, cut or out of reach. */
const socketOutageCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** What node-postgres and ioredis say when their connection is gone or never came. */
const outageMessages = [
  /Connection terminated/i, // pg: the server closed the connection (a restart), or connecting timed out
  /timeout exceeded when trying to connect/i, // pg pool: no connection within connectionTimeoutMillis
  /is not queryable/i, // pg: a client whose connection failed or was closed
  /^Connection is closed\.?$/, // ioredis: the connection ended with the command pending
  /enableOfflineQueue options is false/, // ioredis: a command while disconnected, without an offline queue
  /^Command timed out$/, // ioredis: commandTimeout passed
];
/** Redis replies of a server that cannot answer now (loading its data, running a long script, failing over). */
const redisBusyReply = /^(LOADING|BUSY|MASTERDOWN|TRYAGAIN|CLUSTERDOWN)\b/;

/**
 * Whether an error says that PostgreSQL or Redis is down or restarting, rather than that the
 * request or the code was wrong: the same request will work once the store is back. Looks
 * through `cause` and the errors of an AggregateError (a connection tried on several addresses).
 */
export function isStoreOutage(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const { code, name, message, cause, errors } = error as { code?: unknown; name?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && (postgresOutageStates.has(code) || /^08[0-9A-Z]{3}$/.test(code) || socketOutageCodes.has(code))) return true;
  if (name === 'MaxRetriesPerRequestError') return true;
  if (typeof message === 'string') {
    if (outageMessages.some((pattern) => pattern.test(message))) return true;
    if (name === 'ReplyError' && redisBusyReply.test(message)) return true;
  }
  if (Array.isArray(errors) && errors.some((inner) => isStoreOutage(inner, depth + 1))) return true;
  return cause !== undefined && isStoreOutage(cause, depth + 1);
}

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
