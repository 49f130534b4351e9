import type { AppContext } from '../../context.js';
import type { StoredDatasetUpload } from '../../datasets/create-dataset.js';
import { writeDatasetJsonLines } from '../../datasets/dataset-uploads.js';
import { removeUpload, uploadsDirectory } from '../../lib/uploads.js';
import type { StoredDatasetMetadata } from '../../db/queries/datasets.js';
import type { AppKoaContext } from '../../koa-types.js';
import { assertRoomForUpload } from '../../lib/disk-space.js';
import { receiveUpload } from '../../lib/receive-upload.js';
import { parseJsonDatasetUpload, parseMetadataField } from './dataset-input.js';

/**
 * The body of `POST /api/datasets`, stored under DATA_DIR/uploads with its validated metadata:
 * a multipart form (`metadata` JSON field, `file` .csv, streamed to disk, DATASET_FILE_LIMIT),
 * or SPEC §7's JSON form (BODY_LIMIT), written out as JSON lines. Whatever is refused leaves no file.
 */
export async function receiveDataset(
  app: Pick<AppContext, 'config'>,
  ctx: AppKoaContext,
): Promise<{ metadata: StoredDatasetMetadata; upload: StoredDatasetUpload }> {
  if (ctx.is('application/json')) {
    const { metadata, rows } = parseJsonDatasetUpload(ctx.request.body);
    // The JSON lines take about as many bytes as the body they come from.
    await assertRoomForUpload(uploadsDirectory(app.config), ctx.request.length ?? 0);
    const file = await writeDatasetJsonLines(app.config, rows);
    return { metadata: { ...metadata, originalName: null }, upload: { ...file, format: 'json' } };
  }
  const received = await receiveUpload(ctx, {
    directory: uploadsDirectory(app.config),
    maxBytes: app.config.datasetFileLimitBytes,
    extensions: ['.csv'],
  });
  try {
    const metadata = parseMetadataField(received.fields.metadata);
    return {
      metadata: { ...metadata, originalName: received.originalName },
      upload: { path: received.path, bytes: received.bytes, format: 'csv' },
    };
  } catch (error) {
    await removeUpload(app.config, received.path);
    throw error;
  }
}
