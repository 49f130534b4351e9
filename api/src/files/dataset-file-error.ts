/**
 * Something wrong with the uploaded file itself (empty, binary, ragged rows, a missing column,
 * totals that are not numbers…). The dataset fails with this message and the job is not retried:
 * reading the same file again would fail the same way.
 */
export class InvalidDatasetFileError extends Error {
  override readonly name = 'InvalidDatasetFileError';
}

/** A problem at a physical line of the file (1-based; the header is line 1). */
export function errorAtLine(line: number, message: string): InvalidDatasetFileError {
  return new InvalidDatasetFileError(`Line ${line}: ${message}`);
}

/** A long value shown in a message: its start, and how long it is. */
export function quoteValue(value: string, max = 40): string {
  return value.length <= max ? `'${value}'` : `'${value.slice(0, max)}…' (${value.length.toLocaleString('en-US')} characters)`;
}
