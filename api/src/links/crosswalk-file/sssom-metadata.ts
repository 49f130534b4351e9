import { quoteValue } from '../../files/dataset-file-error.js';
import { CrosswalkFileError } from './crosswalk-file-error.js';

/**
 * The metadata block of an SSSOM/TSV file: the `#` lines at its top, YAML once the `#` is taken
 * off (the SSSOM/TSV spec). What the import needs of it is the `curie_map` and a few set-level
 * values, so this reads the YAML that SSSOM writers write, not all of YAML:
 *
 * - top-level `key: value` lines (plain, 'single-quoted' or "double-quoted" values, a ` #`
 *   comment after a plain value; a value may go on over more indented lines, or be a `|` / `>`
 *   block);
 * - under `curie_map:`, one more indented `prefix: IRI` line per prefix;
 * - more indented lines under other keys (lists such as `creator_id`, also at the key's own
 *   indentation as PyYAML writes them; nested mappings) belong to their key and are not read.
 *
 * Flow style (`{…}`, `[…]`), anchors and tags are not read (SSSOM forbids the last two). A
 * dependency on a YAML library is not worth it for this: the block is a few keys and one map,
 * and a full YAML reader would accept, and then need checks against, much that SSSOM rules out.
 */

/** A line of the metadata block, its `#` taken off. */
export interface MetadataLine {
  line: number;
  text: string;
}

export interface SssomMetadata {
  /** Prefix → IRI: SSSOM's built-in prefixes, and the block's `curie_map`. */
  prefixes: ReadonlyMap<string, string>;
  mappingSetId: string | null;
  license: string | null;
  /** A set-level `mapping_date`: the date of every mapping when the table has no `mapping_date` column (SSSOM's propagation). */
  mappingDate: string | null;
}

/**
 * The prefixes an SSSOM file may use without declaring them (the SSSOM spec's built-ins), and
 * `orcid`, which files use for `author_id` without declaring it often enough to be forgiven.
 */
export const builtInPrefixes: ReadonlyMap<string, string> = new Map([
  ['linkml', 'https://w3id.org/linkml/'],
  ['orcid', 'https://orcid.org/'],
  ['owl', 'http://www.w3.org/2002/07/owl#'],
  ['rdf', 'http://www.w3.org/1999/02/22-rdf-syntax-ns#'],
  ['rdfs', 'http://www.w3.org/2000/01/rdf-schema#'],
  ['semapv', 'https://w3id.org/semapv/vocab/'],
  ['skos', 'http://www.w3.org/2004/02/skos/core#'],
  ['sssom', 'https://w3id.org/sssom/'],
  ['xsd', 'http://www.w3.org/2001/XMLSchema#'],
]);

export function readSssomMetadata(lines: readonly MetadataLine[]): SssomMetadata {
  const keys = readTopLevelKeys(lines);
  const curieMap = keys.get('curie_map');
  const scalar = (key: string) => {
    const entry = keys.get(key);
    return entry ? scalarValue(entry) || null : null;
  };
  return {
    prefixes: curieMap ? readCurieMap(curieMap) : builtInPrefixes,
    mappingSetId: scalar('mapping_set_id'),
    license: scalar('license'),
    mappingDate: scalar('mapping_date'),
  };
}

/** A top-level key: the value on its own line (null when none), and the more indented lines under it. */
interface TopLevelKey {
  line: number;
  value: string | null;
  nested: MetadataLine[];
}

const keyPattern = /^([A-Za-z_][\w.-]*)[ \t]*:(?:[ \t]+(.*)|[ \t]*)$/;

function readTopLevelKeys(lines: readonly MetadataLine[]): Map<string, TopLevelKey> {
  const keys = new Map<string, TopLevelKey>();
  // The first key's indentation is the block's (a `#` may be followed by spaces, the same on every line).
  let margin = -1;
  let current: TopLevelKey | null = null;
  for (const { line, text } of lines) {
    const content = text.trimStart();
    if (content === '' || content.startsWith('#')) continue;
    const indent = text.length - content.length;
    if (margin < 0) margin = indent;
    // A list may stand at its key's indentation (`creator_id:` then `- orcid:…`, as PyYAML writes it).
    const listItem = content === '-' || content.startsWith('- ');
    if ((indent > margin || (indent === margin && listItem)) && current) {
      current.nested.push({ line, text: text.slice(margin) });
      continue;
    }
    const key = indent === margin ? keyPattern.exec(content.trimEnd()) : null;
    if (!key) throw new CrosswalkFileError(line, `the SSSOM metadata block should have a 'key: value' line here, not ${quoteValue(content)}.`);
    const name = key[1]!;
    if (keys.has(name)) throw new CrosswalkFileError(line, `the SSSOM metadata block has '${name}' twice.`);
    current = { line, value: key[2] ?? null, nested: [] };
    keys.set(name, current);
  }
  return keys;
}

/** A key's value as text: on its line, continued over the lines under it, or a `|` / `>` block. */
function scalarValue(entry: TopLevelKey): string {
  const block = entry.value !== null && /^[|>][+-]?$/.test(entry.value);
  const parts = entry.nested.map((nested) => nested.text.trim());
  if (block) return parts.join(entry.value!.startsWith('|') ? '\n' : ' ');
  if (entry.value === null) return '';
  return [readScalar(entry.value, entry.line), ...parts].join(' ').trim();
}

function readCurieMap(entry: TopLevelKey): Map<string, string> {
  if (entry.value !== null) {
    throw new CrosswalkFileError(entry.line, "the curie_map should be written as indented 'prefix: IRI' lines under 'curie_map:'.");
  }
  const prefixes = new Map(builtInPrefixes);
  const margin = Math.min(...entry.nested.map((nested) => nested.text.length - nested.text.trimStart().length));
  for (const { line, text } of entry.nested) {
    const content = text.trim();
    const pair = text.length - text.trimStart().length === margin ? keyPattern.exec(content) : null;
    const iri = pair?.[2] === undefined ? '' : readScalar(pair[2], line);
    if (!pair || !/^[A-Za-z][A-Za-z\d+.-]*:\S+$/.test(iri)) {
      throw new CrosswalkFileError(line, `a curie_map line should be 'prefix: IRI', not ${quoteValue(content)}.`);
    }
    const prefix = pair[1]!;
    const builtIn = builtInPrefixes.get(prefix);
    if (builtIn !== undefined && builtIn !== iri) {
      throw new CrosswalkFileError(line, `the curie_map gives the built-in prefix '${prefix}' another IRI (${quoteValue(iri)}; SSSOM's is ${builtIn}).`);
    }
    prefixes.set(prefix, iri);
  }
  return prefixes;
}

/** A YAML scalar written on one line: quoted, or plain (a ` #` starts a comment). */
function readScalar(written: string, line: number): string {
  const text = written.trim();
  if (text.startsWith("'")) {
    const quoted = /^'((?:[^']|'')*)'(?:\s+#.*)?$/.exec(text);
    if (!quoted) throw new CrosswalkFileError(line, `a quoted value is not closed: ${quoteValue(text)}.`);
    return quoted[1]!.replace(/''/g, "'");
  }
  if (text.startsWith('"')) {
    const quoted = /^("(?:[^"\\]|\\.)*")(?:\s+#.*)?$/.exec(text);
    try {
      if (quoted) return JSON.parse(quoted[1]!) as string;
    } catch {
      // an escape JSON does not have: said below
    }
    throw new CrosswalkFileError(line, `a quoted value is not closed, or has an escape this reader does not know: ${quoteValue(text)}.`);
  }
  return text.replace(/\s+#.*$/, '');
}
