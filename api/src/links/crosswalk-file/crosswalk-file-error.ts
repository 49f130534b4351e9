/**
 * A crosswalk file that cannot be read at all: not text, no source or target column, a quote
 * never closed, an SSSOM prefix not declared or a predicate that is not a mapping relation. The
 * import fails with this message and nothing of the file is imported; reading it again would fail
 * the same way. (What is wrong with one row alone, an unknown code or relation, is the import's
 * to refuse row by row.)
 */
export class CrosswalkFileError extends Error {
  override readonly name = 'CrosswalkFileError';

  /** `line`: where in the file, as an editor numbers its lines (the first is 1). */
  constructor(
    readonly line: number,
    readonly problem: string,
  ) {
    super(`Line ${line}: ${problem}`);
  }
}

