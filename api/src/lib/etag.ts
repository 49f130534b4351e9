import crypto from 'node:crypto';

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

/**
 * The ETag of content made from `parts` (a body, or what it is made from): `W/"name.hash"`, the
 * hash over the parts in order, each preceded by its length so that no two lists of parts hash
 * alike by running together. Derived from what was read, never from a counter alone, so a 304
 * never names a body other than the one a 200 would send. Weak: the same content goes out plain
 * or gzipped (RFC 9110 §8.8.1).
 */
export function contentEtag(name: string, parts: readonly string[]): string {
  if (!/^[\w.-]+$/.test(name)) throw new Error(`Not an ETag name: ${name}`);
  const hash = crypto.createHash('sha1');
  for (const part of parts) hash.update(`${part.length}:`).update(part);
  return `W/"${name}.${hash.digest('base64url')}"`;
}
