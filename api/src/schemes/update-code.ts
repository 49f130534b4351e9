import type { CodeRecord, UpdateCodeRequest } from '@og/shared/contracts/schemes';
import { AppError } from '@og/shared/errors/app-error';
import type { SchemeId } from '@og/shared/domain/schemes';
import type { SchemeContext } from './scheme-context.js';
import { editCode } from './scheme-edit.js';
import { updateCodeFields } from './scheme-queries.js';
import { findCodeOr404 } from './find-code.js';

/**
 * Changes a code's name, code string or description (SPEC §7 "Update"). The caller names the
 * version it edited; if the code changed since, the edit is refused with 409 rather than
 * silently erasing a change the caller never saw.
 */
export async function updateCode(
  schemes: SchemeContext,
  actorId: string,
  scheme: SchemeId,
  value: string,
  input: UpdateCodeRequest,
  expectedVersion: string | null,
): Promise<CodeRecord> {
  const updated = await editCode(schemes, actorId, scheme, {
    action: 'code.update',
    value,
    async find() {
      const before = await findCodeOr404(schemes, scheme, value);
      if (expectedVersion === null) throw new AppError('bad_request', 'Send the version you edited in an If-Match header.');
      if (expectedVersion !== before.version) {
        throw new AppError('conflict', `"${before.name}" was changed by someone else since you opened it. Reload it and make your change again.`, { current: before });
      }
      return before;
    },
    write(before) {
      const description = input.description === undefined ? before!.description : input.description?.trim() || undefined;
      const fields = { name: (input.name ?? before!.name).trim(), label: (input.label ?? before!.label).trim(), description };
      return updateCodeFields(schemes.iris, scheme, schemes.iris.code(scheme, value), fields);
    },
  });
  return updated!;
}
