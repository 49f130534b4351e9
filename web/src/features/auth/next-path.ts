/** Where `/login` sends a user who did not ask for a page. */
export const defaultNextPath = '/';

/** A base no real address has: a path read against it that keeps this origin stays on our site. */
const probeOrigin = 'https://next-path.invalid';

/**
 * The page a `next` parameter asks for, as a path of this site: a value starting with a single '/'
 * (so never `//other.example`, `/\other.example` or `https://…`), without control characters, that
 * resolves to this origin. Anything else, and `/login` itself, gives the start page: the login
 * never sends anyone to another origin.
 */
export function safeNextPath(requested: string | null | undefined): string {
  if (!requested || !requested.startsWith('/')) return defaultNextPath;
  if (requested.startsWith('//') || requested.startsWith('/\\')) return defaultNextPath;
  // eslint-disable-next-line no-control-regex -- browsers drop tabs and newlines from addresses, so '/\t/x' is '//x'
  if (/[\u0000-\u001f\u007f]/.test(requested)) return defaultNextPath;
  let resolved: URL;
  try {
    resolved = new URL(requested, probeOrigin);
  } catch {
    return defaultNextPath;
  }
  if (resolved.origin !== probeOrigin) return defaultNextPath;
  if (resolved.pathname === '/login' || resolved.pathname.startsWith('/login/')) return defaultNextPath;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}
