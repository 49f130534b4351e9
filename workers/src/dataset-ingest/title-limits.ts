/**
 * What a stored title and code may be: the (title, code) index refuses entries over about 2,700
 * bytes, so longer values fail the ingest up front, at their line, instead of at the end.
 */
export const maxTitleCharacters = 2_000;
/** Room left in a btree entry (at most 2,704 bytes) for the title and code together, in UTF-8. */
export const maxTitleAndCodeBytes = 2_600;

const count = (value: number) => value.toLocaleString('en-US');

/** What is wrong with this title and code, or null. Hot: cheap unless a value is long. */
export function titleProblem(title: string, code: string): string | null {
  if (title.length > maxTitleCharacters) {
    return `the title is ${count(title.length)} characters long; at most ${count(maxTitleCharacters)} are allowed.`;
  }
  if (code.length > maxTitleCharacters) {
    return `the code is ${count(code.length)} characters long; at most ${count(maxTitleCharacters)} are allowed.`;
  }
  // A UTF-16 unit is at most 3 bytes of UTF-8, so short values need no counting.
  if ((title.length + code.length) * 3 > maxTitleAndCodeBytes) {
    const bytes = Buffer.byteLength(title) + Buffer.byteLength(code);
    if (bytes > maxTitleAndCodeBytes) {
      return `the title and code take ${count(bytes)} bytes together in UTF-8; at most ${count(maxTitleAndCodeBytes)} fit the index.`;
    }
  }
  return null;
}

export const nulProblem = 'the title or code contains a NUL character (binary data?).';

