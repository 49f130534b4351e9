/** Whether `pathname` is `section` or a page below it: `/review/my-set` is in `/review`, `/reviewers` is not. */
export function isAtOrBelow(pathname: string, section: string): boolean {
  const base = section.endsWith('/') ? section.slice(0, -1) : section;
  return pathname === base || pathname.startsWith(`${base}/`);
}
