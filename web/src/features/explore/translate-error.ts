import { ApiError } from '../../lib/api-client';

/** A refused or failed translation as the form shows it. */
export interface TranslateProblem {
  /** Asked too often (429), refused as asked (400), or anything else. */
  kind: 'rate-limited' | 'refused' | 'failed';
  title: string;
  message: string;
  /** The server's issues with the request (a 400), one line each. */
  issues: string[];
  /** Seconds to wait before asking again (a 429). */
  retryAfterSeconds: number | null;
}

function retryAfterOf(details: unknown): number | null {
  if (typeof details !== 'object' || details === null || !('retryAfterSeconds' in details)) return null;
  const seconds = (details as { retryAfterSeconds: unknown }).retryAfterSeconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : null;
}

function issuesOf(details: unknown): string[] {
  if (!Array.isArray(details)) return [];
  return details.flatMap((issue: unknown) => {
    if (typeof issue !== 'object' || issue === null || typeof (issue as { message?: unknown }).message !== 'string') return [];
    const { path, message } = issue as { path?: unknown; message: string };
    return [typeof path === 'string' && path !== '' ? `${path}: ${message}` : message];
  });
}

/** 'Too many requests, try again in 12 s'. */
export function rateLimitMessage(seconds: number | null): string {
  return seconds === null ? 'Too many requests, try again in a minute' : `Too many requests, try again in ${seconds} s`;
}

/** What to tell the user about a translation that did not come back. */
export function describeTranslateError(error: Error): TranslateProblem {
  if (error instanceof ApiError && error.status === 429) {
    const retryAfterSeconds = retryAfterOf(error.details);
    return { kind: 'rate-limited', title: 'Rate limited', message: rateLimitMessage(retryAfterSeconds), issues: [], retryAfterSeconds };
  }
  if (error instanceof ApiError && error.status === 400) {
    return { kind: 'refused', title: 'The codes were not translated', message: error.message, issues: issuesOf(error.details), retryAfterSeconds: null };
  }
  return { kind: 'failed', title: 'The translation failed', message: error.message || 'Something went wrong. Try again.', issues: [], retryAfterSeconds: null };
}
