import { treeLoadFailedTitle, unknownErrorMessage } from '@og/shared/errors/spec-messages';
import { useEffect } from 'react';
import { notifyAdmin } from '../../../lib/notify';

/** SPEC §4, §8: data that fails to load shows a red notification titled 'Error' with the message, or 'An error occurred'. */
export function useLoadFailureNotice(error: Error | null): void {
  useEffect(() => {
    if (error) notifyAdmin({ title: treeLoadFailedTitle, message: error.message || unknownErrorMessage, color: 'red' });
  }, [error]);
}
