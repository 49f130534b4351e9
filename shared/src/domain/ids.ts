/**
 * Whether `value` is shaped as the database's ids are (a UUID, any version, either letter case).
 * An id from an address is checked with this before it is looked up, so a malformed one is a 404
 * like an unknown one rather than a database error.
 */
export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
