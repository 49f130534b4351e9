import type { CsvFormat } from './csv-reader';
import type { CsvProfile, ProfileColumns } from './csv-profile';

/** Messages to the CSV profile worker. A new `profile` request replaces the one under way. */
export type CsvWorkerRequest =
  | ({ type: 'profile'; id: number; file: File } & ProfileColumns)
  /** The chosen scheme's code strings, or null without a scheme. */
  | { type: 'code-labels'; labels: string[] | null }
  /** Stops reading (the file was put aside). */
  | { type: 'cancel' };

/** Messages from the worker, each naming the request it answers. */
export type CsvWorkerResponse =
  | { type: 'header'; id: number; header: string[]; format: CsvFormat }
  | { type: 'progress'; id: number; profile: CsvProfile }
  | { type: 'error'; id: number; message: string };
