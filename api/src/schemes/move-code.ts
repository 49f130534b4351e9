import type { CodeRecord } from '@og/shared/contracts/schemes';
import { isSelfOrDescendant } from '@og/shared/domain/code-tree';
import type { SchemeId } from '@og/shared/domain/schemes';
import { AppError } from '@og/shared/errors/app-error';
import { moveIntoDescendantMessage } from '@og/shared/errors/spec-messages';
import type { SchemeContext } from './scheme-context.js';
import { editCode } from './scheme-edit.js';
import { moveCode as moveCodeUpdate } from './scheme-queries.js';
import { findCodeOr404 } from './find-code.js';

/** Puts a code under another parent of the same scheme (SPEC §7 "Move"), never under itself or its descendants (SPEC §5). */
export async function moveCode(schemes: SchemeContext, actorId: string, scheme: SchemeId, value: string, parent: string): Promise<CodeRecord> {
  const moved = await editCode(schemes, actorId, scheme, {
    action: 'code.move',
    value,
    async find() {
      const before = await findCodeOr404(schemes, scheme, value);
      await findCodeOr404(schemes, scheme, parent);
      const { lookup } = (await schemes.trees.get(scheme)).tree;
      if (isSelfOrDescendant(lookup, value, parent)) throw new AppError('conflict', moveIntoDescendantMessage);
      return before;
    },
    write: (before) => (before!.parent === parent ? null : moveCodeUpdate(schemes.iris, scheme, schemes.iris.code(scheme, value), schemes.iris.code(scheme, parent))),
  });
  return moved!;
}
