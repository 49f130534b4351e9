import type { codeFields, StaleLinks } from '@og/shared/contracts/links';
import type { SchemeId } from '@og/shared/domain/schemes';
import type { CodeRef } from './link-map-changes';

export type StaleLink = StaleLinks['stale'][number];
export type StaleChange = StaleLink['changes'][number];
type CodeField = (typeof codeFields)[number];

function sameCode(a: CodeRef, b: CodeRef): boolean {
  return a.scheme === b.scheme && a.value === b.value;
}

/** The flagged links of one code. */
export function flagsOfCode(flags: StaleLinks | undefined, code: CodeRef): StaleLink[] {
  return (flags?.stale ?? []).filter((link) => sameCode(link.first, code) || sameCode(link.second, code));
}

/** The link's end in `scheme`. */
export function endIn(link: StaleLink, scheme: SchemeId): CodeRef {
  return link.first.scheme === scheme ? link.first : link.second;
}

const fieldWords: Record<CodeField, string> = {
  name: 'name',
  label: 'code',
  description: 'description',
  parent: 'place in the tree',
};

/** 'name and description', 'name, code and place in the tree'. */
export function describeFields(fields: readonly CodeField[]): string {
  const words = fields.map((field) => fieldWords[field]);
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** A change's moment, day and time: '24 Nov 2026, 14:05'. */
export function describeWhen(at: string): string {
  return new Date(at).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * What changed since a link was made, latest first and one line per code: each code's fields
 * changed by all its edits since, with the time of the latest one.
 */
export function summariseChanges(link: StaleLink): { code: CodeRef; fields: CodeField[]; at: string }[] {
  const byCode = new Map<string, { code: CodeRef; fields: Set<CodeField>; at: string }>();
  for (const change of link.changes) {
    const key = `${change.code.scheme} ${change.code.value}`;
    const entry = byCode.get(key) ?? { code: change.code, fields: new Set<CodeField>(), at: change.at };
    for (const field of change.fields) entry.fields.add(field);
    if (change.at > entry.at) entry.at = change.at;
    byCode.set(key, entry);
  }
  const order: CodeField[] = ['name', 'label', 'description', 'parent'];
  return [...byCode.values()]
    .map(({ code, fields, at }) => ({ code, at, fields: order.filter((field) => fields.has(field)) }))
    .sort((a, b) => b.at.localeCompare(a.at));
}
