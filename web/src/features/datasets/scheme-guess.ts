import { type CodeMatches, codeMatchesRequest, maxMatchedCodes } from '@og/shared/contracts/schemes';
import type { SchemeId } from '@og/shared/domain/schemes';
import { nameScore, schemeNames } from './column-guess';

/**
 * The scheme the upload wizard pre-picks for a code column: the one in which most of a sample of
 * the column's codes are codes (`POST /api/schemes/code-matches` counts them), when that is most
 * of them and more than in any other scheme. Schemes that share codes (ESCO holds the ISCO-08
 * groups) tie; the column's name then decides (`isco08`), or nothing is picked.
 */

/** Most of the sampled codes must be the scheme's for it to be pre-picked. */
const convincingShare = 0.5;

/** A code the contract accepts for the sample: not too long, no control characters. */
const sampleCode = codeMatchesRequest.shape.codes.element;

/** The distinct non-empty values of the code column in the file's first rows, as many as a request may send. */
export function codeSampleOf(header: readonly string[], sample: readonly (readonly string[])[], codeColumn: string | null): string[] {
  const index = codeColumn === null ? -1 : header.indexOf(codeColumn);
  if (index < 0) return [];
  const codes = new Set<string>();
  for (const row of sample) {
    const code = (row[index] ?? '').trim();
    if (code !== '' && sampleCode.safeParse(code).success) codes.add(code);
    if (codes.size === maxMatchedCodes) break;
  }
  return [...codes];
}

/** Each scheme's share of the sampled codes, in whole percent (rounded down: 100% only when every code is one). */
export function codeSharePercents(matches: CodeMatches): Map<SchemeId, number> {
  return new Map(matches.schemes.map(({ scheme, matches: count }) => [scheme, matches.sampled === 0 ? 0 : Math.floor((count * 100) / matches.sampled)]));
}

/** The scheme to pre-pick for the codes of `codeColumn`, or null when none is convincing. */
export function guessScheme(matches: CodeMatches, codeColumn: string): SchemeId | null {
  const most = Math.max(0, ...matches.schemes.map((entry) => entry.matches));
  if (matches.sampled === 0 || most < convincingShare * matches.sampled) return null;
  const leaders = matches.schemes.filter((entry) => entry.matches === most).map((entry) => entry.scheme);
  if (leaders.length === 1) return leaders[0]!;
  const named = leaders.filter((scheme) => nameScore(codeColumn, schemeNames(scheme)) >= 0.9);
  return named.length === 1 ? named[0]! : null;
}
