/**
 * Does an If-None-Match header name this ETag? Weak comparison (RFC 9110 §13.1.2): `W/` is
 * ignored on both sides, the header may list several tags, and `*` matches anything.
 */
export function etagMatches(ifNoneMatch: string, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}
