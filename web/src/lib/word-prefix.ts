/** Words of a label or id: runs of letters and digits ('O*NET' → o, net; 'ISCO-08' → isco, 08). */
function wordsOf(text: string): string[] {
  return text.toLocaleLowerCase('en').split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/**
 * Word-prefix, case-insensitive matching (SPEC §2 scheme selector): every word typed must start
 * some word of the text, or the whole text starts with what was typed. 'isc' and '08' find
 * 'ISCO-08', 'net' finds 'O*NET'; a search of only punctuation matches everything.
 */
export function matchesWordPrefix(text: string, search: string): boolean {
  const typed = search.trim().toLocaleLowerCase('en');
  if (typed === '' || text.toLocaleLowerCase('en').startsWith(typed)) return true;
  const terms = wordsOf(typed);
  if (terms.length === 0) return true;
  const words = wordsOf(text);
  return terms.every((term) => words.some((word) => word.startsWith(term)));
}
