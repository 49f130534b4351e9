/** SPEC §9: a diagram node's label wraps at 14 characters per line, at most 3 lines. */
export const labelCharsPerLine = 14;
export const labelMaxLines = 3;

const ellipsis = '…';

/**
 * A label cut into lines for an SVG box (SVG text does not wrap by itself): whole words where
 * they fit, a break after a hyphen or slash before cutting a word, a word longer than a line cut
 * into pieces; past the last line the text is dropped and the last line ends in '…'.
 */
export function wrapLabel(text: string, charsPerLine: number = labelCharsPerLine, maxLines: number = labelMaxLines): string[] {
  if (charsPerLine < 1 || maxLines < 1) throw new RangeError('A label needs at least one character per line and one line');
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  const put = (piece: string, joiner: string) => {
    if (line === '') line = piece;
    else if (line.length + joiner.length + piece.length <= charsPerLine) line += joiner + piece;
    else {
      lines.push(line);
      line = piece;
    }
  };
  for (const word of words) {
    // 'Farm-labourer' may break after its hyphen; the pieces of one word join with nothing.
    const pieces = word.split(/(?<=[-/])(?=.)/);
    pieces.forEach((piece, index) => {
      const joiner = index === 0 ? ' ' : '';
      if (piece.length <= charsPerLine) return put(piece, joiner);
      // Longer than a line: start it on a line of its own and cut it into line-long pieces.
      if (line !== '') lines.push(line);
      line = '';
      for (let start = 0; start < piece.length; start += charsPerLine) put(piece.slice(start, start + charsPerLine), '');
    });
  }
  if (line !== '') lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  const last = kept[maxLines - 1]!;
  kept[maxLines - 1] = (last.length < charsPerLine ? last : last.slice(0, charsPerLine - 1).trimEnd()) + ellipsis;
  return kept;
}
