/**
 * The fixed list of error codes every API answer uses (`{ error: { code, message, details } }`),
 * with the HTTP status each one maps to.
 */
export const errorStatus = {
  bad_request: 400,
  validation_failed: 400,
  malformed_json: 400,
  unauthenticated: 401,
  forbidden: 403,
  csrf_rejected: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  /** A valid request whose answer would be larger than the server sends (a read-only query with too many rows). */
  result_too_large: 422,
  rate_limited: 429,
  internal: 500,
  /** The request could be served later: a resource busy at the moment, a query stopped at its time limit. */
  service_unavailable: 503,
  /** PostgreSQL or Redis is down or restarting; the answer carries `Retry-After`. */
  unavailable: 503,
  /** The server's disk cannot hold what the request would write (an upload, a link): nothing of it was kept. */
  insufficient_storage: 507,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: unknown };
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: unknown;

  constructor(code: ErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }

  get status(): number {
    return errorStatus[this.code];
  }

  toBody(): ErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.details === undefined ? {} : { details: this.details }),
      },
    };
  }
}

export function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return typeof error === 'object' && error !== null && 'code' in error && 'message' in error;
}
