/**
 * Agreement between two reviewers who coded the same entries (double coding, issue 30): percent
 * agreement and Cohen's κ at each level of the scheme, overall and per pair of reviewers.
 *
 * An entry's coding at a level is the set of its codes (node URIs and accepted prediction URIs)
 * cut at that level, sorted, so two reviewers agree on an entry when they name the same codes at
 * that level whatever the order they chose them in.
 */

/** One level of a scheme: its number (digits or tree depth), a name to show, and how a code URI is cut to it. */
export interface AgreementLevel {
  level: number;
  name: string;
  cut: (uri: string) => string;
}

/** A double-coded entry: what each of its two reviewers chose. */
export interface DoubleCoding {
  first: { reviewer: string; uris: readonly string[] };
  second: { reviewer: string; uris: readonly string[] };
}

/** Agreement at one level: the entries behind it, the share on which both agree, and κ (null when it says nothing, with why). */
export interface LevelAgreement {
  level: number;
  name: string;
  entries: number;
  agreement: number | null;
  kappa: number | null;
  kappaNote?: string;
}

/** Cohen's κ of two coders' categories, entry by entry. */
export interface Kappa {
  entries: number;
  agreement: number | null;
  /** Chance agreement from the two coders' marginal shares. */
  expected: number | null;
  kappa: number | null;
  kappaNote?: string;
}

/**
 * Cohen's κ = (po − pe) / (1 − pe): po the share of entries both coders put in the same category,
 * pe the agreement expected by chance (Σ over categories of the product of the two coders'
 * shares). κ is null, with a note saying why, when there is nothing to compare or when a coder
 * used a single category: then pe = po for any coding of the other (κ is 0 or 0/0, never a
 * measure of agreement), so no κ is reported, as statistics packages do.
 */
export function cohensKappa(codings: readonly (readonly [string, string])[]): Kappa {
  const entries = codings.length;
  if (!entries) return { entries, agreement: null, expected: null, kappa: null, kappaNote: 'No double-coded entries.' };
  const first = new Map<string, number>();
  const second = new Map<string, number>();
  let agreeing = 0;
  for (const [a, b] of codings) {
    if (a === b) agreeing++;
    first.set(a, (first.get(a) ?? 0) + 1);
    second.set(b, (second.get(b) ?? 0) + 1);
  }
  const agreement = agreeing / entries;
  let expected = 0;
  for (const [category, count] of first) expected += (count / entries) * ((second.get(category) ?? 0) / entries);
  const single = (counts: Map<string, number>) => counts.size === 1;
  if (single(first) && single(second)) {
    const note = first.keys().next().value === second.keys().next().value ? 'Both reviewers gave every entry the same code: agreement by chance is 1, so κ is 0/0.' : 'Each reviewer gave every entry one code: κ cannot measure agreement.';
    return { entries, agreement, expected, kappa: null, kappaNote: note };
  }
  if (single(first) || single(second)) {
    const who = single(first) ? 'The first reviewer' : 'The second reviewer';
    return { entries, agreement, expected, kappa: null, kappaNote: `${who} gave every entry one code: κ is 0 whatever the other chose, so it says nothing of their agreement.` };
  }
  return { entries, agreement, expected, kappa: (agreement - expected) / (1 - expected) };
}

/** The codes an entry was given, cut at a level: the distinct cut codes, sorted, as one category. */
export function codingAt(uris: readonly string[], level: Pick<AgreementLevel, 'cut'>): string {
  return [...new Set(uris.map(level.cut))].sort().join(' | ');
}

/** Whether the two reviewers gave an entry the same codes at a level. */
export function agreesAt(coding: DoubleCoding, level: Pick<AgreementLevel, 'cut'>): boolean {
  return codingAt(coding.first.uris, level) === codingAt(coding.second.uris, level);
}

/** Percent agreement and κ at each level, the first reviewer's codes against the second's. */
export function agreementByLevel(codings: readonly DoubleCoding[], levels: readonly AgreementLevel[]): LevelAgreement[] {
  return levels.map((level) => levelAgreement(level, codings.map((coding) => [codingAt(coding.first.uris, level), codingAt(coding.second.uris, level)] as const)));
}

/**
 * Agreement per pair of reviewers, whoever of the two coded first: within a pair each reviewer is
 * one coder of κ (the pair's reviewers in sorted order). Pairs in order of their reviewers.
 */
export function agreementByPair(codings: readonly DoubleCoding[], levels: readonly AgreementLevel[]): { reviewers: [string, string]; levels: LevelAgreement[] }[] {
  const pairs = new Map<string, { reviewers: [string, string]; codings: { a: readonly string[]; b: readonly string[] }[] }>();
  for (const coding of codings) {
    const [a, b] = [coding.first, coding.second].sort((x, y) => (x.reviewer < y.reviewer ? -1 : x.reviewer > y.reviewer ? 1 : 0));
    const key = JSON.stringify([a!.reviewer, b!.reviewer]);
    const pair = pairs.get(key) ?? { reviewers: [a!.reviewer, b!.reviewer], codings: [] };
    pair.codings.push({ a: a!.uris, b: b!.uris });
    pairs.set(key, pair);
  }
  return [...pairs.entries()]
    .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
    .map(([, pair]) => ({
      reviewers: pair.reviewers,
      levels: levels.map((level) => levelAgreement(level, pair.codings.map(({ a, b }) => [codingAt(a, level), codingAt(b, level)] as const))),
    }));
}

function levelAgreement(level: AgreementLevel, codings: readonly (readonly [string, string])[]): LevelAgreement {
  const { entries, agreement, kappa, kappaNote } = cohensKappa(codings);
  return { level: level.level, name: level.name, entries, agreement, kappa, ...(kappaNote ? { kappaNote } : {}) };
}

const codeOf = (uri: string) => uri.slice(uri.indexOf(':') + 1);

/**
 * Levels by the first digits of a code: HISCO's major, minor and unit groups and its whole code
 * (1, 2, 3 and 5 digits), ISCO-08's 1 to 4. A code that is not all digits (HISCO's −1, −2, −3)
 * stays whole at every level.
 */
export function digitLevels(digits: readonly number[]): AgreementLevel[] {
  const whole = Math.max(...digits);
  return digits.map((count) => ({
    level: count,
    name: count === whole ? `${count} digits (whole code)` : `${count} digit${count === 1 ? '' : 's'}`,
    cut: (uri: string) => {
      const code = codeOf(uri);
      return /^\d+$/.test(code) && code.length > count ? `${uri.slice(0, uri.length - code.length)}${code.slice(0, count)}` : uri;
    },
  }));
}

/** The digits of the schemes whose levels are their codes' first digits. */
export const schemeDigits: Readonly<Record<string, readonly number[]>> = { hisco: [1, 2, 3, 5], isco08: [1, 2, 3, 4] };

/**
 * Levels by the depth of a code in its scheme's tree (1: the top level), down to `depth`: a code
 * cut at a depth is its ancestor there, or itself when it is no deeper. `ancestry` answers a code
 * URI's chain from its top-level ancestor down to itself.
 */
export function treeLevels(ancestry: (uri: string) => readonly string[], depth: number): AgreementLevel[] {
  return Array.from({ length: depth }, (_, index) => ({
    level: index + 1,
    name: index + 1 === depth ? `depth ${index + 1} (whole code)` : `depth ${index + 1}`,
    cut: (uri: string) => {
      const chain = ancestry(uri);
      return chain[Math.min(index, chain.length - 1)] ?? uri;
    },
  }));
}
