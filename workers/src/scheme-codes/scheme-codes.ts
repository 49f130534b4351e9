import { eventLoopTurn } from '@og/api/lib/event-loop-turns';
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

/**
 * A scheme's codes as files name them: from its tree when the one in memory is current, else from
 * a read of the codes' notations only. A link change makes both schemes' trees stale (a tree
 * counts each code's links), and rebuilding one reads every name, description and link count:
 * many times the store's work, and the text to read, of the notations alone.
 */
export async function schemeCodes(schemes: SchemeContext, scheme: SchemeId): Promise<SchemeCodes> {
  const fresh = await schemes.trees.ifFresh(scheme);
  const notations = fresh
    ? new Map(Object.values(fresh.tree.lookup).map((code) => [code.value, code.label] as const))
    : await schemes.repository.readNotations(scheme);
  // The notations' read ends with parsing the store's answer, tens of milliseconds for a large
  // scheme: the event loop gets a turn before the lookups are built, about as long again.
  await eventLoopTurn();
  const byLabel = new Map<string, string>();
  const keys = new Map<string, string | null>();
  for (const [value, label] of notations) {
    byLabel.set(label, value);
    const key = codeKey(label);
    keys.set(key, keys.has(key) && keys.get(key) !== value ? null : value);
  }
  const byKey = new Map([...keys].filter((entry): entry is [string, string] => entry[1] !== null));
  return { byIri: new Set([...notations.keys()].map((value) => schemes.iris.code(scheme, value))), byLabel, byKey };
}

/** The value of the code a file names: its IRI first (an SSSOM file), then its code string, then the string's key. */
export function findCode(iris: SchemeIris, scheme: SchemeId, codes: SchemeCodes, written: string, writtenIri?: string): string | null {
  if (writtenIri && codes.byIri.has(writtenIri)) return iris.valueOf(scheme, writtenIri);
  return codes.byLabel.get(written) ?? codes.byKey.get(codeKey(written)) ?? null;
}
