import { type DatasetMetadata, datasetJsonUpload, datasetMetadata } from '@og/shared/contracts/datasets';
import type { FieldIssue } from '@og/shared/contracts/validation';
import { AppError } from '@og/shared/errors/app-error';
import type { DatasetJsonLine } from '../../datasets/dataset-uploads.js';
import { parseInput, validationError } from '../../middleware/validate.js';

/** The dataset metadata (datasetMetadata: scheme ids are the registry's), with the title trimmed. */
function parseDatasetMetadata(value: unknown): DatasetMetadata {
  const metadata = parseInput(datasetMetadata, value, 'metadata');
  return { ...metadata, title: metadata.title.trim() };
}

/** The `metadata` field of the multipart form: JSON text. */
export function parseMetadataField(field: string | undefined): DatasetMetadata {
  if (field === undefined) {
    throw new AppError('validation_failed', 'The dataset settings are missing: send them as JSON in a form field named "metadata".', [
      { path: 'metadata', message: 'Required' },
    ]);
  }
  let value: unknown;
  try {
    value = JSON.parse(field);
  } catch (error) {
    throw new AppError('malformed_json', `The metadata field is not valid JSON: ${(error as Error).message}`);
  }
  return parseDatasetMetadata(value);
}

/**
 * SPEC §7's JSON form: `{ data: [{ title, code, totals }], metadata }`. Its rows have fixed keys,
 * so its metadata names columns only for people. We decide: when `titleColumn` or `codeColumn`
 * is absent it is 'title' or 'code' (an explicit null still means "no such column": those
 * values are written as empty strings, as a CSV without that column gives); when `totalsColumns` is absent the totals positions are named
 * 'total 1' … 'total N' after the first row. Every row must carry exactly one value per totals
 * column (a 400 names the rows that do not); null titles and codes become empty strings. The
 * values themselves are checked by the ingest job, as for a CSV, with the row's line number.
 */
export function parseJsonDatasetUpload(body: unknown): { metadata: DatasetMetadata; rows: Iterable<DatasetJsonLine> } {
  const upload = parseInput(datasetJsonUpload, body);
  if (upload.data.length === 0) throw validationError('request body', [{ path: 'data', message: 'There are no rows to make a dataset of' }]);
  const given = upload.metadata;
  const defaults = {
    titleColumn: 'title',
    codeColumn: 'code',
    totalsColumns: upload.data[0]!.totals.map((_, index) => `total ${index + 1}`),
  };
  const isObject = typeof given === 'object' && given !== null && !Array.isArray(given);
  const metadata = parseDatasetMetadata(isObject ? { ...defaults, ...given } : given);
  if (metadata.languageColumn !== null) {
    // Its rows have a title, a code and totals only: there is no column for each row's language.
    throw validationError('request body', [{ path: 'metadata.languageColumn', message: 'A language column is read from CSV uploads; in the JSON form give the language (metadata.language)' }]);
  }
  const width = metadata.totalsColumns.length;
  const issues: FieldIssue[] = [];
  upload.data.forEach((row, index) => {
    if (row.totals.length !== width && issues.length < 20) {
      issues.push({ path: `data.${index}.totals`, message: `Has ${row.totals.length} values; metadata.totalsColumns names ${width}` });
    }
  });
  if (issues.length) throw validationError('request body', issues);
  return {
    metadata,
    rows: (function* () {
      for (const row of upload.data) {
        yield { title: metadata.titleColumn === null ? '' : (row.title ?? ''), code: metadata.codeColumn === null ? '' : (row.code ?? ''), totals: row.totals };
      }
    })(),
  };
}
