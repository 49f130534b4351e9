/** A creation date as the lists show it: '21 Nov 2025, 19:08'. */
export function formatCreated(isoTime: string): string {
  return new Date(isoTime).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}
