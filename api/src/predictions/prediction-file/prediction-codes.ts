import { isSchemeId, type SchemeId, schemeIds } from '@og/shared/domain/schemes';
import { quoteValue } from '../../files/dataset-file-error.js';

/**
 * The small readings both prediction formats share: a title without the model's language prefix,
 * a code as our URIs write it, a probability, a `scheme:code` URI. Whether a code exists in its
 * scheme is not checked here (the job flags unknown codes).
 */

/**
 * OccCANINE feeds the model `{lang}[SEP]{title}` (`da[SEP]haeklerske`, `unk[SEP]…`) and writes
 * that input back as the title; the title is what follows the prefix, spaces around it trimmed.
 */
export function titleOf(written: string): string {
  const trimmed = written.trim();
  // The prefix is one to eight ASCII letters and `[SEP]`, found without a pattern: every row's title comes here.
  const separator = trimmed.indexOf('[SEP]');
  if (separator < 1 || separator > 8) return trimmed;
  for (let at = 0; at < separator; at++) {
    // Setting the bit of 32 lowers an ASCII letter; no other character lands among the lowercase letters.
    const lowered = trimmed.charCodeAt(at) | 32;
    if (lowered < 97 || lowered > 122) return trimmed;
  }
  return trimmed.slice(separator + 5).trim();
}

/**
 * A HISCO code as our URIs write it: 5 digits with leading zeros (`01110`), or HISCO's own
 * negative codes (`-1`, `-2`, `-3`). Model output writes codes as numbers, so `1110`, `75145.0`
 * and `-1.0` are mended (the same damage shared/domain/code-key.ts forgives); anything else is
 * kept as written.
 */
export function hiscoCode(written: string): string {
  const number = /^(-?)0*(\d+?)(?:\.0*)?$/.exec(written);
  if (!number) return written;
  const [, sign = '', digits = ''] = number;
  return sign ? `-${digits}` : digits.padStart(5, '0');
}

/** A code of `scheme` as written in a file, trimmed (HISCO: mended by {@link hiscoCode}). */
export function schemeCode(scheme: SchemeId, written: string): string {
  const code = written.trim();
  return scheme === 'hisco' ? hiscoCode(code) : code;
}

/** What model output writes in a code cell that has no code: OccCANINE's `No pred`, pandas' `nan`. */
const noCode = /^(?:no pred|nan)$/i;

/**
 * The codes of an OccCANINE code cell: none when it is empty, `No pred` or `nan`; several when the
 * seq2seq decoder's occupations are joined with `&` (`61110&61220`).
 */
export function cellCodes(cell: string): string[] {
  const text = cell.trim();
  if (!text || noCode.test(text)) return [];
  return text
    .split('&')
    .map((part) => part.trim())
    .filter((part) => part && !noCode.test(part));
}

/** A probability as model output writes it (`0.76961714`, `1`, `9.5e-05`); null when it is not a number from 0 to 1. */
export function readProbability(written: string): number | null {
  const text = written.trim();
  if (!/^\+?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i.test(text)) return null;
  const value = Number(text);
  return value >= 0 && value <= 1 ? value : null;
}

/** Explains a probability {@link readProbability} refused. */
export function probabilityProblem(written: string): string {
  const text = written.trim();
  if (!text) return 'is empty; expected a probability from 0 to 1.';
  return `${quoteValue(text)} is not a probability from 0 to 1.`;
}

const looseName = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * Our scheme that a column prefix names (`hisco`, `OCC1950`, `ISCO08`, `NACE2.1`), compared
 * loosely (letter case, `.`, `-` and `_` do not matter); null for a system we do not have
 * (`ISCO68A`, `pst_dk`…).
 */
export function schemeOfPrefix(prefix: string): SchemeId | null {
  const name = looseName(prefix);
  return schemeIds.find((id) => looseName(id) === name) ?? null;
}

/**
 * A `scheme:code` URI of an OCCPAST file as ours: the scheme one of our ids (letter case
 * forgiven), the code trimmed (HISCO codes mended). A string answers what is wrong with it.
 */
export function readPredictionUri(written: string): string | { problem: string } {
  const colon = written.indexOf(':');
  const scheme = colon > 0 ? written.slice(0, colon).trim().toLowerCase() : '';
  const code = colon > 0 ? written.slice(colon + 1).trim() : '';
  if (!scheme || !code) return { problem: `the URI ${quoteValue(written)} is not scheme:code (e.g. hisco:61110).` };
  if (!isSchemeId(scheme)) {
    return { problem: `the URI ${quoteValue(written)} names the scheme ${quoteValue(scheme)}, which is not one of ours (${schemeIds.join(', ')}).` };
  }
  return `${scheme}:${schemeCode(scheme, code)}`;
}

/** The language of OccCANINE's model input (`da` of `da[SEP]haeklerske`); null without one, or for its `unk`. */
export function languagePrefixOf(written: string): string | null {
  const prefix = /^\s*([A-Za-z]{1,8})\[SEP\]/.exec(written)?.[1]?.toLowerCase() ?? null;
  return prefix === 'unk' ? null : prefix;
}

/** A code cell's code as a URI of `scheme`, unless it is written as a URI of one of our schemes already (`isco08:7411`). */
export function codeUri(scheme: SchemeId, code: string): string {
  const written = /^([A-Za-z][A-Za-z0-9.-]*):(.+)$/.exec(code);
  const named = written ? schemeOfPrefix(written[1]!) : null;
  return named ? `${named}:${schemeCode(named, written![2]!)}` : `${scheme}:${schemeCode(scheme, code)}`;
}
