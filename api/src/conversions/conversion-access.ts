import { isUuid } from '@og/shared/domain/ids';
import { AppError } from '@og/shared/errors/app-error';
import type { Queryable } from '../db/database.js';
import { type ConversionRow, findVisibleConversion } from '../db/queries/conversions.js';
import type { DatasetViewer } from '../db/queries/datasets.js';

/** The conversion with this id if the viewer may see its dataset; otherwise a 404 (ids do not leak). */
export async function findVisibleConversionOr404(db: Queryable, id: string | undefined, viewer: DatasetViewer): Promise<ConversionRow> {
  const row = id && isUuid(id) ? await findVisibleConversion(db, id, viewer) : null;
  if (!row) throw new AppError('not_found', 'No such conversion.');
  return row;
}
