import { csrfHeaderName } from '@og/shared/contracts/auth';
import { isErrorBody, type ErrorCode } from '@og/shared/errors/app-error';
import { serverUnavailableMessage } from '@og/shared/errors/spec-messages';
import { readResponse, type ResponseSchema } from './api-contract';
import { ensureCsrfToken } from './csrf';

export { noContent } from './api-contract';

/** An API answer outside 2xx, as the server described it in `{ error: { code, message, details } }`. */
export class ApiError extends Error {
  readonly status: number;
  /** `unknown` when the body was not the API's error shape (a proxy page, an empty 502…). */
  readonly code: ErrorCode | 'unknown';
  readonly details: unknown;

  constructor(status: number, code: ErrorCode | 'unknown', message: string, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions {
  method?: HttpMethod;
  /** Sent as JSON; a `FormData` is sent as multipart/form-data (the browser sets the boundary). */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * Leave a 401 to the caller instead of signing the user out. The login and session-validation
   * calls want this (for them a 401 is an answer, not an expired session), and reads made ahead of
   * a page, whose page asks again and answers the 401 itself.
   */
  expectUnauthorized?: boolean;
}

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** Called whenever the API answers 401 to an ordinary call; returns the unsubscribe function. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

const mutatingMethods = new Set<HttpMethod>(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * One call of the API. Its answer is read with `response`, the shared contract's schema of it
 * (`noContent` for a 204), so a server that drifted from the contract is caught here
 * (api-contract.ts says how).
 */
export async function apiRequest<T>(path: string, response: ResponseSchema<T>, options: ApiRequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers = new Headers(options.headers);
  headers.set('accept', 'application/json');
  const isForm = options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers.set('content-type', 'application/json');
  if (mutatingMethods.has(method)) {
    const token = await ensureCsrfToken();
    if (token) headers.set(csrfHeaderName, token);
  }

  const answer = await fetch(path, {
    method,
    headers,
    body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
    credentials: 'same-origin',
    signal: options.signal,
  });

  if (answer.status === 401 && !options.expectUnauthorized) {
    for (const listener of unauthorizedListeners) listener();
  }
  if (!answer.ok) throw await toApiError(answer);
  return readResponse(response, await readBody(answer), `${method} ${path}`);
}

export type CallOptions = Omit<ApiRequestOptions, 'method' | 'body'>;

export const api = {
  get: <T>(path: string, response: ResponseSchema<T>, options?: CallOptions) => apiRequest(path, response, { ...options, method: 'GET' }),
  post: <T>(path: string, body: unknown, response: ResponseSchema<T>, options?: CallOptions) =>
    apiRequest(path, response, { ...options, method: 'POST', body }),
  put: <T>(path: string, body: unknown, response: ResponseSchema<T>, options?: CallOptions) =>
    apiRequest(path, response, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body: unknown, response: ResponseSchema<T>, options?: CallOptions) =>
    apiRequest(path, response, { ...options, method: 'PATCH', body }),
  /** A DELETE, with a JSON body when the resource is named by one (`DELETE /api/links`). */
  delete: <T>(path: string, response: ResponseSchema<T>, options?: CallOptions & { body?: unknown }) =>
    apiRequest(path, response, { ...options, method: 'DELETE' }),
  /** A file upload: multipart/form-data with the same session, CSRF and error handling as JSON calls. */
  postForm: <T>(path: string, form: FormData, response: ResponseSchema<T>, options?: CallOptions) =>
    apiRequest(path, response, { ...options, method: 'POST', body: form }),
};

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  return parseBodyText(await response.text(), response.headers.get('content-type'));
}

function parseBodyText(text: string, contentType: string | null): unknown {
  if (text === '') return undefined;
  const isJson = contentType?.includes('json') ?? false;
  return isJson ? JSON.parse(text) : text;
}

async function toApiError(response: Response): Promise<ApiError> {
  const body = await readBody(response).catch(() => undefined);
  return apiErrorFrom(response.status, response.statusText, body);
}

/** Statuses a proxy answers with a page of its own while the api behind it restarts. */
const gatewayStatuses = new Set([502, 503, 504]);

/**
 * Whether an error is the server saying it cannot answer for now (PostgreSQL or Redis down or
 * restarting, or the api itself restarting behind a proxy): nothing about the request or the
 * session was wrong, and the same call will work again shortly.
 */
export function isServerUnavailable(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.code === 'unavailable' || (error.code === 'unknown' && gatewayStatuses.has(error.status)));
}

export function apiErrorFrom(status: number, statusText: string, body: unknown): ApiError {
  if (isErrorBody(body)) {
    const { code, details } = body.error;
    // Every screen shows an error's message: an outage reads the same everywhere.
    const message = code === 'unavailable' ? serverUnavailableMessage : body.error.message;
    return new ApiError(status, code, message, details);
  }
  if (gatewayStatuses.has(status)) return new ApiError(status, 'unknown', serverUnavailableMessage);
  return new ApiError(status, 'unknown', statusText || `Request failed with status ${status}`);
}

export interface UploadProgress {
  /** Bytes of the request body sent so far. */
  loaded: number;
  /** The whole request body's size. */
  total: number;
}

export interface UploadFormOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Called as the body goes out (fetch cannot report upload progress; XMLHttpRequest can). */
  onProgress?: (progress: UploadProgress) => void;
}

/** Thrown by `uploadForm` when its signal aborts it (like fetch's AbortError). */
class UploadAbortedError extends Error {
  constructor() {
    super('The upload was cancelled.');
    this.name = 'AbortError';
  }
}

/**
 * A multipart/form-data POST that reports how much of the body has been sent: the same
 * session cookie, CSRF header, 401 handling and `ApiError`s as `apiRequest`. The browser
 * streams a `File` in the form from disk, so a file of gigabytes is never held in memory.
 */
export async function uploadForm<T>(path: string, form: FormData, response: ResponseSchema<T>, options: UploadFormOptions = {}): Promise<T> {
  const token = await ensureCsrfToken();
  options.signal?.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.withCredentials = true;
    request.setRequestHeader('accept', 'application/json');
    if (token) request.setRequestHeader(csrfHeaderName, token);
    for (const [name, value] of Object.entries(options.headers ?? {})) request.setRequestHeader(name, value);

    const onAbort = () => request.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => options.signal?.removeEventListener('abort', onAbort);

    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.({ loaded: event.loaded, total: event.total });
    };
    request.onload = () => {
      settle();
      let body: unknown;
      try {
        body = request.status === 204 ? undefined : parseBodyText(request.responseText, request.getResponseHeader('content-type'));
      } catch {
        body = undefined;
      }
      if (request.status === 401) {
        for (const listener of unauthorizedListeners) listener();
      }
      if (request.status < 200 || request.status >= 300) reject(apiErrorFrom(request.status, request.statusText, body));
      else {
        try {
          resolve(readResponse(response, body, `POST ${path}`));
        } catch (error) {
          reject(error as Error);
        }
      }
    };
    request.onerror = () => {
      settle();
      reject(new TypeError('The upload failed: the connection to the server was lost.'));
    };
    request.onabort = () => {
      settle();
      reject(new UploadAbortedError());
    };
    request.send(form);
  });
}
