import type { ReadingProblem } from '@og/shared/contracts/prediction-reading';
import { schemeById, type SchemeId } from '@og/shared/domain/schemes';
import { quoteValue } from '../../files/dataset-file-error.js';
import type { SchemeCodeIndex } from '../../schemes/scheme-code-index.js';

/**
 * Whether the codes a reading takes from a file are the codes of its scheme (issue 28's bad
 * input): none of them (the wrong columns, or the wrong scheme), or a mix of two schemes in the
 * code columns, fails the file with the shares and the first place a foreign code is met. A few
 * codes the scheme lacks (typos, codes the model invented) are not a problem: the import keeps
 * them flagged.
 */

/** A distinct code of a file, how often it is met, and where first. */
export interface CodeTally {
  /** The code as its URI has it (HISCO's padded). */
  code: string;
  /** As the file writes it, for messages. */
  written?: string;
  count: number;
  line: number;
  column: string | null;
}

/** The share of a file's codes another scheme must have, with the file's own scheme under 1 − it, for the codes to be mixed. */
const mixedShare = 0.1;

const percent = (part: number, whole: number) => `${Math.round((part / whole) * 100)}%`;
const placeOf = (tally: CodeTally) => `${quoteValue(tally.written ?? tally.code)} on line ${tally.line}${tally.column ? `, column ${tally.column}` : ''}`;

/** The problem with the codes of `scheme` a file holds, or null when most are the scheme's. */
export async function codeSchemeProblem(tallies: readonly CodeTally[], scheme: SchemeId, index: SchemeCodeIndex): Promise<ReadingProblem | null> {
  const total = tallies.reduce((sum, tally) => sum + tally.count, 0);
  if (!total) return null;
  const schemesOf = await index.schemesOf(tallies.map((tally) => tally.code));
  let own = 0;
  const others = new Map<SchemeId, { count: number; first: CodeTally }>();
  for (const tally of tallies) {
    const found = schemesOf.get(tally.code) ?? [];
    if (found.includes(scheme)) {
      own += tally.count;
      continue;
    }
    for (const other of found) {
      const known = others.get(other);
      if (!known) others.set(other, { count: tally.count, first: tally });
      else {
        known.count += tally.count;
        if (tally.line < known.first.line) known.first = tally;
      }
    }
  }
  const [otherId, other] = [...others].sort((a, b) => b[1].count - a[1].count)[0] ?? [null, null];
  const label = schemeById(scheme).label;
  if (own === 0) {
    const first = [...tallies].sort((a, b) => a.line - b.line)[0]!;
    const elsewhere = otherId && other ? ` ${percent(other.count, total)} of them are ${schemeById(otherId).label} codes: choose that scheme, or other code columns.` : ' Check the code columns and the scheme.';
    return { line: first.line, column: first.column, message: `None of the ${total} codes in the code columns is a ${label} code (the first: ${placeOf(first)}).${elsewhere}` };
  }
  if (otherId && other && other.count / total >= mixedShare && own / total <= 1 - mixedShare) {
    return {
      line: other.first.line,
      column: other.first.column,
      message: `The code columns mix schemes: ${percent(own, total)} of the codes are ${label} codes and ${percent(other.count, total)} are ${schemeById(otherId).label} codes (the first: ${placeOf(other.first)}). A prediction set holds the codes of one scheme: choose the code columns of one scheme, or split the file.`,
    };
  }
  return null;
}
