/**
 * A prediction file that cannot be read: not an OCCPAST list of entries nor an OccCANINE table,
 * no title or code column, a probability that is not one, a URI of a scheme we do not have. The
 * `predictions.import` job fails with this message and nothing of the file is imported; reading
 * it again would fail the same way. (A code the scheme does not have is not this reader's
 * business: the job flags it.)
 */
export class PredictionFileError extends Error {
  override readonly name = 'PredictionFileError';

  /**
   * `line`: where in the file, as an editor numbers its lines (the first is 1), null when not known.
   * `entry`: an OCCPAST JSON file's entry, counted from 1 in the order of the list; null for a CSV.
   */
  constructor(
    readonly line: number | null,
    readonly problem: string,
    readonly entry: number | null = null,
  ) {
    super(`${placeOf(line, entry)}${problem}`);
  }
}

function placeOf(line: number | null, entry: number | null): string {
  if (entry !== null) return line !== null ? `Entry ${entry} (line ${line}): ` : `Entry ${entry}: `;
  return line !== null ? `Line ${line}: ` : '';
}
