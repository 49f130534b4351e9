import type { LinkRelation } from '@og/shared/contracts/links';
import { quoteValue } from '../../files/dataset-file-error.js';
import { CrosswalkFileError } from './crosswalk-file-error.js';

/**
 * One row of a crosswalk file: a link the file asks for, from a code of the source scheme to a
 * code of the target scheme. Codes are as written, spaces around them trimmed; matching them to a
 * scheme's codes is the import's (shared/domain/code-key.ts forgives what files do to codes).
 * A row may name codes that are empty or unknown, or a relation that is not one: the import
 * refuses such a row with its reason, so every row of the file is accounted for. Only a row with
 * neither code (a blank line, a spreadsheet's trailing `,,,`) is not a row at all.
 */
export interface CrosswalkRow {
  /** The line of the file the row starts on, as an editor numbers lines (a CSV's header is line 1). */
  line: number;
  /** SSSOM: what follows the prefix of the `subject_id` CURIE, percent-encoding undone (code IRIs are minted percent-encoded). */
  sourceCode: string;
  targetCode: string;
  /** The link's relation; null when the row names none, and the import uses the one the admin chose. */
  relation: LinkRelation | null;
  /**
   * A CSV's relation cell as written when it is not one of the five (`21`, `owl:sameAs`): the
   * import refuses the row ('bad relation'). `relation` is then null.
   */
  badRelation?: string;
  /**
   * SSSOM: the mapping is negated (`predicate_modifier: Not`): the subject is not a `relation` of
   * the object. The import keeps it as a negative mapping (a rejection), never as a link.
   */
  negated?: boolean;
  /** SSSOM: the row's `similarity_score`, in [0, 1] (an accepted suggestion's score; never a weight). */
  score?: number;
  /** SSSOM: the subject and object as full IRIs (the CURIE expanded with the curie_map). */
  sourceIri?: string;
  targetIri?: string;
  /**
   * The weight cell as a number, as written: a share (SSSOM's `confidence`, a CSV's `weight`,
   * `share…`) or a count (`n…`, `count…`) that the import makes a share of the source code's total.
   */
  weight?: number;
  /** The weight cell as written when it is not a number: the import fails naming the row. */
  badWeight?: string;
  /** SSSOM: the row's `mapping_justification` (a CURIE), as written. */
  justification?: string;
  /** As written: SSSOM's `author_id` (CURIEs, several separated by `|`), or a CSV's author column. */
  author?: string;
  /** As written (SSSOM: `YYYY-MM-DD`). */
  date?: string;
  /** SSSOM: the row's `comment`, as written. */
  comment?: string;
}

/** The cell of a column, trimmed ('' when the column is missing from the file or from a short row). */
export function cellText(cells: readonly string[], column: number): string {
  return column < 0 ? '' : (cells[column] ?? '').trim();
}

/** A confidence cell (or another `column` of numbers in [0, 1]): empty, or a number from 0 to 1; anything else fails the file at its line. */
export function readConfidence(text: string, line: number, column = 'confidence'): number | undefined {
  if (text === '') return undefined;
  const value = readNumber(text);
  if (value === undefined || value > 1) {
    throw new CrosswalkFileError(line, `the ${column} ${quoteValue(text)} is not a number from 0 to 1.`);
  }
  return value;
}

/** A number cell as written (`12`, `0.25`, `.5`, `1e-3`, a sign allowed); undefined when it is not one. */
export function readNumber(text: string): number | undefined {
  return /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i.test(text) ? Number(text) : undefined;
}
