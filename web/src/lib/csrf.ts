import { csrfCookieName } from '@og/shared/contracts/auth';

/** The CSRF token the server keeps in a page-readable cookie, or null when it has not set one yet. */
export function readCsrfToken(): string | null {
  for (const pair of document.cookie.split(';')) {
    const [name, ...value] = pair.trim().split('=');
    if (name === csrfCookieName) return decodeURIComponent(value.join('='));
  }
  return null;
}

let pendingCsrfRequest: Promise<void> | null = null;

/**
 * The token to send with a mutation. When the cookie is missing, `GET /api/auth/csrf` sets it
 * (204); concurrent mutations share that one request.
 */
export async function ensureCsrfToken(): Promise<string | null> {
  const token = readCsrfToken();
  if (token) return token;
  pendingCsrfRequest ??= fetch('/api/auth/csrf', { credentials: 'same-origin' })
    .then(() => undefined)
    .finally(() => {
      pendingCsrfRequest = null;
    });
  await pendingCsrfRequest;
  return readCsrfToken();
}
