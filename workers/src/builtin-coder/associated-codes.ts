import { readLinkMaps } from '@og/api/links/link-maps';
import type { SchemeContext } from '@og/api/schemes/scheme-context';
import type { CodeRecord } from '@og/shared/contracts/schemes';
import type { SchemeId } from '@og/shared/domain/schemes';
import { schemeCode } from '@og/api/predictions/prediction-file/prediction-codes';

/**
 * 'Restrict predictions to associated codes' (the upload wizard): a title may only be
 * coded with codes associated with the codes its rows carry — in the same scheme, the code and its
 * descendants; in another, the codes linked to it. Answers, per code string of the dataset's
 * scheme, the allowed code strings of the target scheme.
 */
export async function associatedCodes(schemes: SchemeContext, from: SchemeId, to: SchemeId): Promise<(code: string) => string[]> {
  const target = (await schemes.trees.get(to)).tree.lookup;
  const byLabel = (lookup: Readonly<Record<string, CodeRecord>>) => new Map(Object.values(lookup).map((record) => [record.label, record]));
  if (from === to) {
    const children = new Map<string, string[]>();
    for (const record of Object.values(target)) {
      if (record.parent === undefined) continue;
      children.set(record.parent, [...(children.get(record.parent) ?? []), record.value]);
    }
    const labels = byLabel(target);
    return (code) => {
      const start = labels.get(code) ?? labels.get(schemeCode(to, code));
      if (!start) return [];
      const found: string[] = [];
      const stack = [start.value];
      while (stack.length) {
        const value = stack.pop()!;
        found.push(target[value]!.label);
        stack.push(...(children.get(value) ?? []));
      }
      return found;
    };
  }
  const source = byLabel((await schemes.trees.get(from)).tree.lookup);
  const maps = await readLinkMaps(schemes, [from, to]);
  return (code) => {
    const record = source.get(code) ?? source.get(schemeCode(from, code));
    const linked = record ? (maps.maps[from]?.[record.value]?.[to] ?? []) : [];
    // Pseudo-targets ('unlinkable', 'default-to-parent') are not codes.
    return linked.flatMap((value) => (target[value] ? [target[value].label] : []));
  };
}

/**
 * Per title, the codes it may be given: null (no restriction) when the title has no code; the
 * associated codes of its codes otherwise (none: the title gets no prediction). Each code's
 * associated codes are worked out once.
 */
export function allowedPerTitle(titles: readonly string[], codesOfTitle: ReadonlyMap<string, string[]>, associated: (code: string) => string[]): (string[] | null)[] {
  const known = new Map<string, string[]>();
  const of = (code: string) => {
    let found = known.get(code);
    if (!found) known.set(code, (found = associated(code)));
    return found;
  };
  return titles.map((title) => {
    const codes = codesOfTitle.get(title) ?? [];
    if (codes.length === 0) return null;
    return [...new Set(codes.flatMap(of))];
  });
}
