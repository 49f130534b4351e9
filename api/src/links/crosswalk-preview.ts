import fs from 'node:fs';
import type { CrosswalkImportFields, CrosswalkPreview, CrosswalkPreviewRow } from '@og/shared/contracts/links';
import { AppError } from '@og/shared/errors/app-error';
import { InvalidDatasetFileError } from '../files/dataset-file-error.js';
import { CrosswalkFileError } from './crosswalk-file/crosswalk-file-error.js';
import { openCrosswalkFile } from './crosswalk-file/crosswalk-file.js';
import { readNumber } from './crosswalk-file/crosswalk-row.js';
import type { TableRow } from './crosswalk-file/table-rows.js';
import { readWrittenRelation } from './crosswalk-file/written-relation.js';

/** Most rows the preview reads (for its relation counts and weight candidates). */
export const previewRowLimit = 5_000;
/** Most bytes of the file the preview reads past: it stops at the first row after them. */
export const previewByteLimit = 4 * 1024 * 1024;
/** Rows the preview shows. */
export const previewShownRows = 20;

/**
 * What an import of a stored crosswalk file would read, from the start of the file only (at most
 * {@link previewRowLimit} rows or about {@link previewByteLimit} bytes): the columns and what each
 * is read as, the first rows as read, each relation value's count, the values that are no SKOS
 * relation as written (`relationMap` says what the import reads them as; they stay listed so the
 * admin can change that), and the columns whose values are all numbers (the weight's candidates).
 * A file that cannot be read answers 400 with the reader's message, which names the line.
 */
export async function previewCrosswalk(filePath: string, fields: Pick<CrosswalkImportFields, 'source' | 'target' | 'weightColumn' | 'relationMap'>): Promise<CrosswalkPreview> {
  let bytesRead = 0;
  const stream = fs.createReadStream(filePath);
  stream.on('data', (chunk) => (bytesRead += chunk.length));
  let current: TableRow | null = null;
  try {
    const file = await openCrosswalkFile(
      stream,
      { sourceScheme: fields.source, targetScheme: fields.target },
      { weightColumn: fields.weightColumn, relationMap: fields.relationMap },
      { onTableRow: (row) => (current = row) },
    );
    const { header, columns: read } = file;
    const relationColumn = read.relation === undefined ? -1 : header.indexOf(read.relation);
    const codeColumns = new Set([header.indexOf(read.source), header.indexOf(read.target), relationColumn]);
    // A column is a weight candidate while each of its cells read is empty or a number, and one is a number.
    const numeric = header.map((_, column) => !codeColumns.has(column));
    const hasNumber = header.map(() => false);
    const relations: Record<string, number> = {};
    const rows: CrosswalkPreviewRow[] = [];
    let rowsRead = 0;
    let complete = true;

    const next = () => file.rows.next();
    for (let step = await next(); !step.done; step = await next()) {
      const row = step.value;
      const cells: readonly string[] = (current as TableRow | null)?.cells ?? [];
      const relationText = relationColumn >= 0 ? (cells[relationColumn] ?? '').trim() : '';
      if (relationText) relations[relationText] = (relations[relationText] ?? 0) + 1;
      cells.forEach((cell, column) => {
        const text = cell.trim();
        if (!numeric[column] || text === '') return;
        if (readNumber(text) === undefined) numeric[column] = false;
        else hasNumber[column] = true;
      });
      if (rows.length < previewShownRows) {
        rows.push({
          line: row.line,
          sourceCode: row.sourceCode,
          targetCode: row.targetCode,
          relation: row.relation,
          relationText: (row.negated ? `Not ${relationText}` : relationText) || null,
          weight: row.weight ?? null,
          badWeight: row.badWeight ?? null,
        });
      }
      rowsRead++;
      if (rowsRead >= previewRowLimit || bytesRead > previewByteLimit) {
        // The file is whole when no row follows the last one read (a row that cannot be read is one).
        complete = await next().then((step) => step.done === true, () => false);
        await file.rows.return(undefined);
        break;
      }
    }

    return {
      format: file.format,
      columns: header,
      read,
      weightColumn: read.weight ?? null,
      weightAs: read.weightAs ?? null,
      weightCandidates: header.filter((_, column) => numeric[column] && hasNumber[column]),
      relationColumn: read.relation ?? null,
      relations,
      // An SSSOM predicate that is no mapping relation fails the file; only a CSV's values can be unknown.
      unknownRelations: file.format === 'csv' ? Object.keys(relations).filter((value) => readWrittenRelation(value) === null) : [],
      rowsRead,
      complete,
      rows,
      mappingSetId: file.metadata?.mappingSetId ?? null,
      license: file.metadata?.license ?? null,
    };
  } catch (error) {
    if (error instanceof CrosswalkFileError || error instanceof InvalidDatasetFileError) throw new AppError('bad_request', error.message);
    throw error;
  } finally {
    stream.destroy();
  }
}
