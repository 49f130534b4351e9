import { codeFields, type StaleLinks } from '@og/shared/contracts/links';
import type { SchemeId } from '@og/shared/domain/schemes';
import { findChangesSinceLinked } from '../db/queries/link-records.js';
import type { SchemeContext } from '../schemes/scheme-context.js';

type CodeField = (typeof codeFields)[number];

/** The fields an audited code edit changed, from its before and after records. */
function changedFields(before: Record<string, unknown> | null, after: Record<string, unknown> | null): CodeField[] {
  return codeFields.filter((field) => (before?.[field] ?? null) !== (after?.[field] ?? null));
}

/**
 * The links between two schemes one of whose codes was edited (name, code string, description,
 * parent) after the link was made or last confirmed, with each edit: the links an admin should look
 * at again. A scheme import is not a code edit here.
 */
export async function readStaleLinks(schemes: SchemeContext, a: SchemeId, b: SchemeId): Promise<StaleLinks> {
  const [first, second] = [a, b].sort() as [SchemeId, SchemeId];
  const changes = await findChangesSinceLinked(schemes.db, schemes.iris.codePrefix(first), schemes.iris.codePrefix(second));
  const byLink = new Map<string, StaleLinks['stale'][number]>();
  const codeOf = (codeIri: string) => {
    const firstValue = schemes.iris.valueOf(first, codeIri);
    return firstValue !== null ? { scheme: first, value: firstValue } : { scheme: second, value: schemes.iris.valueOf(second, codeIri)! };
  };
  for (const change of changes) {
    const fields = changedFields(change.before, change.after);
    if (fields.length === 0) continue;
    const key = `${change.first} ${change.second}`;
    let link = byLink.get(key);
    if (!link) {
      link = { first: codeOf(change.first), second: codeOf(change.second), madeAt: change.madeAt.toISOString(), changes: [] };
      byLink.set(key, link);
    }
    link.changes.push({ code: codeOf(change.code), at: change.at.toISOString(), fields });
  }
  return { stale: [...byLink.values()] };
}
