import type { CodeRecord } from '@og/shared/contracts/schemes';
import type { SchemeId } from '@og/shared/domain/schemes';
import type { AuditAction } from '../db/queries/audit-log.js';
import { settlePendingEdits, writeRecordedEdit } from './recorded-edit.js';
import type { SchemeContext } from './scheme-context.js';
import { withSchemeLock } from './scheme-lock.js';

/** One edit of one code, as the steps of {@link editCode} ask for it. */
export interface CodeEdit {
  action: AuditAction;
  /** The value of the code the edit is about (a new code's value for a create). */
  value: string;
  /** Finds the code as it is now (null for a code still to be made) and checks the edit may go ahead: throws a 404 or 409 if not. */
  find(): Promise<CodeRecord | null>;
  /** The SPARQL update that makes the edit (built by scheme-queries.ts), or null when there is nothing to change. */
  write(before: CodeRecord | null): string | null;
}

/**
 * Every edit of a scheme's codes takes the same steps: under the scheme's lock, finish recording
 * earlier edits of it that failed half-way, find the code (and refuse what may not be done), then
 * write as a recorded edit (./recorded-edit.ts): the store, then the scheme's revision bumped
 * (caches follow), the code read back as it now is, and both versions appended to the audit log.
 * Answers the code after the edit (null once deleted), or the code as it was when there was
 * nothing to change.
 */
export async function editCode(schemes: SchemeContext, actorId: string, scheme: SchemeId, edit: CodeEdit): Promise<CodeRecord | null> {
  return withSchemeLock(schemes, scheme, async () => {
    await settlePendingEdits(schemes, [scheme]);
    const before = await edit.find();
    const update = edit.write(before);
    if (update === null) return before;
    const after = await writeRecordedEdit(schemes, [scheme], update, {
      audit: { actorId, action: edit.action, scheme, subject: schemes.iris.code(scheme, edit.value), before, after: null },
      readBack: { scheme, value: edit.value },
    });
    return after as CodeRecord | null;
  });
}
