import { Button } from '@mantine/core';
import type { PredictionReading } from '@og/shared/contracts/prediction-reading';
import { IconUpload } from '@tabler/icons-react';
import type { PredictionReadingState } from '../../lib/prediction-sets/reading/use-prediction-reading';

interface ReadingImportButtonProps {
  /** The step's state; none until a file is chosen. */
  state: PredictionReadingState | null;
  /** Starts the upload of the whole file with the reading (null: the file as recognised). */
  onImport: (file: File, reading: PredictionReading | null) => void;
  /** The upload is under way or done. */
  sent: boolean;
  uploading: boolean;
}

/** The column-mapping step's 'Import': usable once the preview has answered, while the reading is complete. */
export function ReadingImportButton({ state, onImport, sent, uploading }: ReadingImportButtonProps) {
  const importWith = state?.importWith ?? null;
  return (
    <Button
      leftSection={<IconUpload size={16} />}
      disabled={!state || !importWith || sent}
      loading={uploading}
      onClick={() => state && importWith && onImport(state.file, importWith.reading)}
      data-testid="reading-import"
    >
      Import
    </Button>
  );
}
