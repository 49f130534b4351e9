import { customTag, isStandardTag, tagOptions } from '@og/shared/contracts/predictions';

/** The tag field's choices: SPEC's sixteen, then the set's own apart (issue 29). */
export function tagGroupsOf(customTags: readonly string[], draftTags: readonly string[]): { group: string; items: string[] }[] {
  const own = [...new Set([...customTags, ...draftTags])].filter((tag) => !isStandardTag(tag));
  return [{ group: 'Tags', items: [...tagOptions] }, ...(own.length ? [{ group: "This set's tags", items: own }] : [])];
}

/**
 * A typed tag as the mapping takes it: a known tag (SPEC's or the set's) in its own spelling
 * when typed in another case, else the text trimmed if it is one line of at most 60 characters,
 * else why not.
 */
export function acceptTag(text: string, known: readonly string[]): { tag: string } | { error: string } {
  const trimmed = text.trim();
  const same = [...tagOptions, ...known].find((tag) => tag.toLocaleLowerCase('en') === trimmed.toLocaleLowerCase('en'));
  if (same) return { tag: same };
  const parsed = customTag.safeParse(text);
  return parsed.success ? { tag: parsed.data } : { error: parsed.error.issues[0]?.message ?? 'This tag cannot be kept' };
}
