import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

const maxRetries = 2;

/** A 4xx will answer the same way next time; only network failures and 5xx are worth retrying. */
function shouldRetry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < maxRetries;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}
