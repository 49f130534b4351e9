import type { CsvFormat } from './csv-reader';
import type { CsvProfile, ProfileColumns } from './csv-profile';

/** Messages to the CSV profile worker. A new `profile` request replaces the one under way. */
export type CsvWorkerRequest =
  | ({ type: 'profile'; id: number; file: File } & ProfileColumns)
  /** The chosen scheme's code strings, or null without a scheme. */
  | { type: 'code-labels'; labels: string[] | null }
  /** Stops reading (the file was put aside). */
  | { type: 'cancel' };

/** Data rows sent with the header, for the page to guess the title and code columns from. */
export const sampleRowCount = 500;

/** Messages from the worker, each naming the request it answers. */
export type CsvWorkerResponse =
  /** `sample`: the first data rows (at most {@link sampleRowCount}) as they are, ragged ones included. */
  | { type: 'header'; id: number; header: string[]; sample: string[][]; format: CsvFormat }
  | { type: 'progress'; id: number; profile: CsvProfile }
  | { type: 'error'; id: number; message: string };
