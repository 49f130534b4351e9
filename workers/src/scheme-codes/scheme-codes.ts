import { codeKey } from '@og/shared/domain/code-key';
import type { SchemeId } from '@og/shared/domain/schemes';
import type { SchemeContext } from '@og/api/schemes/scheme-context';
import type { SchemeIris } from '@og/api/schemes/scheme-iris';

/** A scheme's codes as files name them: by IRI, by code string, and by the forgiving key of a code string. */
export interface SchemeCodes {
  byIri: ReadonlySet<string>;
  byLabel: ReadonlyMap<string, string>;
  /** Keys that name one code only (a key two codes share matches neither). */
  byKey: ReadonlyMap<string, string>;
}

export async function schemeCodes(schemes: SchemeContext, scheme: SchemeId): Promise<SchemeCodes> {
  const { lookup } = (await schemes.trees.get(scheme)).tree;
  const byLabel = new Map<string, string>();
  const keys = new Map<string, string | null>();
  for (const code of Object.values(lookup)) {
    byLabel.set(code.label, code.value);
    const key = codeKey(code.label);
    keys.set(key, keys.has(key) && keys.get(key) !== code.value ? null : code.value);
  }
  const byKey = new Map([...keys].filter((entry): entry is [string, string] => entry[1] !== null));
  return { byIri: new Set(Object.keys(lookup).map((value) => schemes.iris.code(scheme, value))), byLabel, byKey };
}

/** The value of the code a file names: its IRI first (an SSSOM file), then its code string, then the string's key. */
export function findCode(iris: SchemeIris, scheme: SchemeId, codes: SchemeCodes, written: string, writtenIri?: string): string | null {
  if (writtenIri && codes.byIri.has(writtenIri)) return iris.valueOf(scheme, writtenIri);
  return codes.byLabel.get(written) ?? codes.byKey.get(codeKey(written)) ?? null;
}
