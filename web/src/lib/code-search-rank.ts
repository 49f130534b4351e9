import type { CodeRecord } from '@og/shared/contracts/schemes';

/** Folds case, accents and punctuation, so 'Farmer,' and 'farmer' compare equal. */
function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('en')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * How well a code answers a search, best 0: its code exactly (0), its name exactly (1), every
 * word typed starting a word of its name (2), anything else the fuzzy search found (3).
 */
export function matchTier(record: Pick<CodeRecord, 'label' | 'name'>, input: string): number {
  const typed = fold(input);
  if (typed === '') return 3;
  if (record.label.trim().toLocaleLowerCase('en') === input.trim().toLocaleLowerCase('en')) return 0;
  const name = fold(record.name);
  if (name === typed) return 1;
  const nameWords = name.split(' ');
  return typed.split(' ').every((word) => nameWords.some((nameWord) => nameWord.startsWith(word))) ? 2 : 3;
}

/** The values of the codes that are some other code's parent (groups); the rest are occupations. */
export function groupValuesOf(records: Iterable<Pick<CodeRecord, 'parent'>>): Set<string> {
  const groups = new Set<string>();
  for (const record of records) if (record.parent) groups.add(record.parent);
  return groups;
}

/**
 * The review tree's order of search results (issue 29): exact code, then exact name, then
 * names holding every word typed, then the other fuzzy matches; within a tier occupations
 * (leaves) come before the groups above them, and otherwise the search's own order stands.
 */
export function rankCodeResults<T extends Pick<CodeRecord, 'value' | 'label' | 'name'>>(results: readonly T[], input: string, groups: ReadonlySet<string>): T[] {
  return results
    .map((record, index) => ({ record, index, tier: matchTier(record, input), group: groups.has(record.value) ? 1 : 0 }))
    .sort((a, b) => a.tier - b.tier || a.group - b.group || a.index - b.index)
    .map(({ record }) => record);
}

/** Fuse's matcher reads at most 32 characters (SPEC §8). */
const maxTermLength = 32;

/**
 * The tree search a title without predictions opens with: its words (letters, digits and
 * inner apostrophes or hyphens), at most 32 characters cut at a word's end.
 */
export function treeSearchTermOf(title: string): string {
  const words = title.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? [];
  let term = '';
  for (const word of words) {
    const next = term ? `${term} ${word}` : word;
    if (next.length > maxTermLength) return term || word.slice(0, maxTermLength);
    term = next;
  }
  return term;
}
