import crypto from 'node:crypto';
import type { CodeRecord, CreateCodeRequest } from '@og/shared/contracts/schemes';
import { AppError } from '@og/shared/errors/app-error';
import type { SchemeId } from '@og/shared/domain/schemes';
import type { SchemeContext } from './scheme-context.js';
import { editCode } from './scheme-edit.js';
import { insertCode } from './scheme-queries.js';

/** Creates a code (a child of `parent`, or a root) with a new UUID value (SPEC §7 "Create"). */
export async function createCode(schemes: SchemeContext, actorId: string, scheme: SchemeId, input: CreateCodeRequest): Promise<CodeRecord> {
  const value = crypto.randomUUID();
  const created = await editCode(schemes, actorId, scheme, {
    action: 'code.create',
    value,
    async find() {
      if (input.parent !== undefined && !(await schemes.repository.readCode(scheme, input.parent))) {
        throw new AppError('not_found', `The parent code ${input.parent} does not exist in ${scheme}.`);
      }
      return null;
    },
    write: () =>
      insertCode(schemes.iris, scheme, schemes.iris.code(scheme, value), {
        name: input.name.trim(),
        label: input.label.trim(),
        description: input.description?.trim() || undefined,
        parentIri: input.parent === undefined ? undefined : schemes.iris.code(scheme, input.parent),
      }),
  });
  return created!;
}
