/** A code's card: its code in bold, then its name, wrapped to the card's width. */

/** Average width of a character at the cards' 12 px font (names mix capitals and small letters). */
export const characterWidth = 6.4;
/** The cards' line height and inner padding, in px. */
export const lineHeight = 15;
export const cardPadding = { x: 10, y: 8 } as const;
/** Past this many lines a name is cut with '…' (the full name is in the diagram's text list). */
export const maxCardLines = 4;

/** How many characters fit on one line of a card this wide. */
export function lineCapacity(cardWidth: number): number {
  return Math.max(8, Math.floor((cardWidth - 2 * cardPadding.x) / characterWidth));
}

/**
 * The code as shown on a card: long ids (ESCO's occupations are UUIDs) are cut to their first
 * eight characters; the full value is in the diagram's text list.
 */
export function shownCode(code: string): string {
  return code.length > 12 ? `${code.slice(0, 8)}…` : code;
}

/**
 * A name broken into lines of at most `capacity` characters between words (a longer word is cut
 * with '…'), the first line shortened by `firstLineTaken` characters (the code before it: when
 * even the first word does not fit beside it, the code stands alone); past `maxLines` the last
 * line ends in '…'.
 */
export function wrapName(name: string, capacity: number, firstLineTaken = 0, maxLines = maxCardLines): string[] {
  const words = name.split(/\s+/).filter((word) => word !== '');
  const lines: string[] = [];
  let line = '';
  const room = () => capacity - (lines.length === 0 ? firstLineTaken : 0);
  for (const word of words) {
    if (line === '') {
      if (lines.length === 0 && firstLineTaken > 0 && word.length > room()) lines.push('');
      line = word;
      continue;
    }
    const candidate = `${line} ${word}`;
    if (candidate.length <= room()) {
      line = candidate;
    } else {
      lines.push(line);
      line = word;
    }
  }
  lines.push(line);
  const fitted = lines.map((each) => (each.length > capacity ? `${shortenedTo(each, capacity - 1)}…` : each));
  if (fitted.length <= maxLines) return fitted;
  const kept = fitted.slice(0, maxLines);
  kept[maxLines - 1] = `${shortenedTo(kept[maxLines - 1]!, capacity - 1)}…`;
  return kept;
}

/** A line cut to `length` characters between words (within the word when it is the only one). */
function shortenedTo(line: string, length: number): string {
  const words = line.split(' ');
  while (words.length > 1 && words.join(' ').length > length) words.pop();
  return words.join(' ').slice(0, length);
}

/** A card's text: the name's lines, the first one after the code. */
export function cardLines(code: string, name: string, cardWidth: number): string[] {
  const shown = shownCode(code);
  return wrapName(name, lineCapacity(cardWidth), shown === '' ? 0 : shown.length + 1);
}

export function cardHeight(lineCount: number): number {
  return 2 * cardPadding.y + lineCount * lineHeight;
}
