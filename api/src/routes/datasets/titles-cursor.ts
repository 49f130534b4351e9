import { AppError } from '@og/shared/errors/app-error';

/**
 * The opaque cursor of `GET /api/datasets/{id}/titles`: the (title, code) of the last row of a
 * page, as UTF-8 joined by NUL (which Postgres text never holds), in base64url.
 */
export function encodeTitlesCursor(row: { title: string; code: string }): string {
  return Buffer.from(`${row.title}\u0000${row.code}`, 'utf8').toString('base64url');
}

export function decodeTitlesCursor(cursor: string): { title: string; code: string } {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const parts = text.split('\u0000');
  // Re-encoding must give the cursor back: refuses other alphabets and bytes that are not UTF-8.
  if (parts.length !== 2 || Buffer.from(text, 'utf8').toString('base64url') !== cursor) {
    throw new AppError('validation_failed', 'Invalid query: cursor: pass the nextCursor of the previous page.', [
      { path: 'cursor', message: 'Not a cursor this API gave out' },
    ]);
  }
  return { title: parts[0]!, code: parts[1]! };
}
