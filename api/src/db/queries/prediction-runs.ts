import type { Role } from '@og/shared/contracts/auth';
import type { DatasetState } from '@og/shared/contracts/datasets';
import type { SchemeId } from '@og/shared/domain/schemes';
import type { Queryable } from '../database.js';

/** The person who asked for a prediction run: its coder learns from what they may see. */
export async function findRunActor(db: Queryable, userId: string): Promise<{ id: string; role: Role } | null> {
  const result = await db.query<{ id: string; role: Role }>('SELECT id, role FROM users WHERE id = $1', [userId]);
  return result.rows[0] ?? null;
}

/** Where the dataset's ingest stands (a run asked for with the upload waits until it is ready). */
export async function findDatasetState(db: Queryable, datasetId: string): Promise<DatasetState | null> {
  const result = await db.query<{ state: DatasetState }>('SELECT state FROM datasets WHERE id = $1', [datasetId]);
  return result.rows[0]?.state ?? null;
}

/** The dataset settings a run codes by; a dataset's row may lack any of them. */
export interface RunDatasetSettings {
  /** An ISO 639 code, or `mul`; with a language column, each title's comes from it (readTitleLanguages in workers/src/prediction-services/title-languages.ts). */
  language?: string | null;
  languageColumn?: string | null;
  period?: string | null;
  scheme?: SchemeId | null;
  codeColumn?: string | null;
  restrictPredictionsWithCodes?: boolean;
}

export async function findRunDatasetSettings(db: Queryable, datasetId: string): Promise<RunDatasetSettings | null> {
  const result = await db.query<{ metadata: RunDatasetSettings }>('SELECT metadata FROM datasets WHERE id = $1', [datasetId]);
  return result.rows[0]?.metadata ?? null;
}
