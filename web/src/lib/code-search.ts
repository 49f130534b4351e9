import type { CodeRecord } from '@og/shared/contracts/schemes';
import { compareNotation } from '@og/shared/domain/code-tree';
import Fuse from 'fuse.js';

/** Occupation fuzzy search constants (SPEC §9). */
export const codeSearchLimits = {
  threshold: 0.3,
  maxUniqueNames: 20,
  dropdownLimit: 100,
  descriptionLength: 70,
  /** Fuse's bitap matcher works on at most 32 characters (SPEC §8): longer input is cut. */
  maxPatternLength: 32,
} as const;

export type CodeSearchIndex = Fuse<CodeRecord>;

export function createCodeSearchIndex(records: readonly CodeRecord[]): CodeSearchIndex {
  return new Fuse(records, {
    keys: [
      { name: 'name', weight: 2 },
      { name: 'description', weight: 1 },
    ],
    threshold: codeSearchLimits.threshold,
  });
}

/**
 * Codes for a search box: those whose code string starts with what was typed (people type
 * codes too), then the fuzzy matches on name and description, best first. At most 20
 * distinct names are shown (codes sharing a shown name all stay) and at most 100 options.
 */
export function searchCodes(index: CodeSearchIndex, records: readonly CodeRecord[], input: string): CodeRecord[] {
  const pattern = input.trim().slice(0, codeSearchLimits.maxPatternLength);
  if (pattern === '') return [];

  const lowered = pattern.toLocaleLowerCase('en');
  const byCode = records
    .filter((record) => record.label.toLocaleLowerCase('en').startsWith(lowered))
    .sort((a, b) => compareNotation(a.label, b.label));
  const fuzzy = index.search(pattern, { limit: codeSearchLimits.dropdownLimit }).map((result) => result.item);

  const names = new Set<string>();
  const seen = new Set<string>();
  const chosen: CodeRecord[] = [];
  for (const record of [...byCode, ...fuzzy]) {
    if (chosen.length >= codeSearchLimits.dropdownLimit) break;
    if (seen.has(record.value)) continue;
    if (!names.has(record.name)) {
      if (names.size >= codeSearchLimits.maxUniqueNames) continue;
      names.add(record.name);
    }
    seen.add(record.value);
    chosen.push(record);
  }
  return chosen;
}

/** A description cut for a dropdown line: whitespace (newlines too) folded, at most 70 characters. */
export function shortDescription(description: string | undefined): string | null {
  const folded = description?.replace(/\s+/g, ' ').trim();
  if (!folded) return null;
  const limit = codeSearchLimits.descriptionLength;
  return folded.length > limit ? `${folded.slice(0, limit - 1).trimEnd()}…` : folded;
}
