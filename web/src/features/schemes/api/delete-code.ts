import { useQueryClient } from '@tanstack/react-query';
import { codeDeletedMessage } from '@og/shared/errors/spec-messages';
import { api, noContent } from '../../../lib/api-client';
import { notifyAdmin } from '../../../lib/notify';
import { codeApiPath, schemeKeys } from '../../../lib/schemes/scheme-keys';
import { refusalReasons, useSchemeEdit } from './scheme-tree-cache';

/** `DELETE /api/schemes/{scheme}/codes/{value}` (204); refused with reasons (409) for codes with children or links. */
export function deleteCode(scheme: string, value: string): Promise<void> {
  return api.delete(codeApiPath(scheme, value), noContent);
}

export function useDeleteCode(scheme: string) {
  const queryClient = useQueryClient();
  return useSchemeEdit(scheme, {
    request: (value: string) => deleteCode(scheme, value),
    change: (lookup, value) => {
      delete lookup[value];
    },
    onSuccess: (_result, value, previous) => {
      const name = previous?.lookup[value]?.name ?? value;
      notifyAdmin({ message: codeDeletedMessage(name), color: 'teal' });
      queryClient.removeQueries({ queryKey: schemeKeys.links(scheme, value) });
    },
    onError: (error) => {
      const reasons = refusalReasons(error);
      notifyAdmin({
        title: 'Occupation not deleted',
        message: reasons.length > 0 ? `${error.message} ${reasons.join('; ')}` : error.message,
        color: 'red',
      });
    },
  });
}
