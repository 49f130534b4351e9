/**
 * The store's errors across the embedded store's thread boundary: a thread's error arrives as a
 * plain object, and the api tells a refusal from a fault by its class (a syntax error is a 400, a
 * full disk a 507, a timeout a 503), so each is made again as the class it was.
 */
import { ResultTooLargeError, StoreError, StoreSyntaxError, StoreTimeoutError, StoreWriteError } from './triple-store.js';

export interface SerializedStoreError {
  kind: 'StoreError' | 'StoreTimeoutError' | 'StoreSyntaxError' | 'ResultTooLargeError' | 'StoreWriteError' | 'Error';
  message: string;
  /** StoreWriteError's. */
  diskFull?: boolean;
  /** A system error's code (`ENOSPC`, `EIO`…). */
  code?: string;
}

export function serializeStoreError(error: unknown): SerializedStoreError {
  const message = error instanceof Error ? error.message : String(error);
  const code = typeof error === 'object' && error !== null && typeof (error as NodeJS.ErrnoException).code === 'string' ? (error as NodeJS.ErrnoException).code : undefined;
  if (error instanceof StoreWriteError) return { kind: 'StoreWriteError', message, diskFull: error.diskFull };
  if (error instanceof StoreTimeoutError) return { kind: 'StoreTimeoutError', message };
  if (error instanceof StoreSyntaxError) return { kind: 'StoreSyntaxError', message };
  if (error instanceof ResultTooLargeError) return { kind: 'ResultTooLargeError', message };
  if (error instanceof StoreError) return { kind: 'StoreError', message };
  return { kind: 'Error', message, ...(code ? { code } : {}) };
}

export function deserializeStoreError(error: SerializedStoreError): Error {
  switch (error.kind) {
    case 'StoreWriteError':
      return new StoreWriteError(error.message, error.diskFull ?? false);
    case 'StoreTimeoutError':
      return new StoreTimeoutError(error.message);
    case 'StoreSyntaxError':
      return new StoreSyntaxError(error.message);
    case 'ResultTooLargeError':
      return new ResultTooLargeError(error.message);
    case 'StoreError':
      return new StoreError(error.message);
    case 'Error':
      return Object.assign(new Error(error.message), error.code ? { code: error.code } : {});
  }
}
