import { AppError } from '@og/shared/errors/app-error';
import type { SchemeId } from '@og/shared/domain/schemes';
import type { SchemeContext } from './scheme-context.js';
import { editCode } from './scheme-edit.js';
import { deleteCode as deleteCodeUpdate } from './scheme-queries.js';
import { findCodeOr404 } from './find-code.js';

/**
 * Deletes a code (SPEC §7 "Delete") only when SPEC §5 allows it: not a root, no children, no
 * links. Otherwise answers 409 with the reasons, worded as the delete panel shows them.
 */
export async function deleteCode(schemes: SchemeContext, actorId: string, scheme: SchemeId, value: string): Promise<void> {
  await editCode(schemes, actorId, scheme, {
    action: 'code.delete',
    value,
    async find() {
      const code = await findCodeOr404(schemes, scheme, value);
      const { lookup } = (await schemes.trees.get(scheme)).tree;
      const children = Object.values(lookup).filter((record) => record.parent === value).length;
      const reasons: string[] = [];
      if (code.parent === undefined) reasons.push(`"${code.name}" is a root code`);
      if (children > 0) reasons.push(`"${code.name}" has ${children} children`);
      if (code.linkCount > 0) reasons.push(`"${code.name}" has ${code.linkCount} links`);
      if (reasons.length) throw new AppError('conflict', "This node can't be deleted", { reasons });
      return code;
    },
    write: () => deleteCodeUpdate(schemes.iris, scheme, schemes.iris.code(scheme, value)),
  });
}
