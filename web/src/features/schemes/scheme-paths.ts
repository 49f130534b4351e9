/** The scheme browser's address for a scheme (SPEC §2). */
export function schemePagePath(scheme: string): string {
  return `/admin/schemes/${encodeURIComponent(scheme)}`;
}

/** The address of one code's detail screen; values are URL-encoded. */
export function codePagePath(scheme: string, value: string): string {
  return `${schemePagePath(scheme)}/codes/${encodeURIComponent(value)}`;
}
