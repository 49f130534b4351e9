import { codeValue } from '@og/shared/contracts/schemes';
import { type SchemeId, schemePrefix } from '@og/shared/domain/schemes';

/**
 * Where things live in the graph (DESIGN.md §3): a scheme's codes at `{BASE_IRI}{scheme}/{value}`,
 * the scheme itself at `{BASE_IRI}scheme/{scheme}`, its triples in the named graph
 * `{BASE_IRI}graph/{scheme}`, and the links between two schemes in `{BASE_IRI}graph/links/{a}--{b}`
 * with the two ids sorted by name. Each scheme's last edit is named in `{BASE_IRI}graph/edits`.
 */
export class SchemeIris {
  constructor(readonly baseIri: string) {}

  scheme(scheme: SchemeId): string {
    return `${this.baseIri}scheme/${scheme}`;
  }

  graph(scheme: SchemeId): string {
    return `${this.baseIri}graph/${scheme}`;
  }

  linkGraph(a: SchemeId, b: SchemeId): string {
    const [first, second] = [a, b].sort();
    return `${this.baseIri}graph/links/${first}--${second}`;
  }

  /** The graph that names each scheme's last edit (`<scheme> og:lastEdit "id"`): see ./recorded-edit.ts. */
  editsGraph(): string {
    return `${this.baseIri}graph/edits`;
  }

  lastEditPredicate(): string {
    return `${this.baseIri}vocab#lastEdit`;
  }

  codePrefix(scheme: SchemeId): string {
    return schemePrefix(this.baseIri, scheme);
  }

  code(scheme: SchemeId, value: string): string {
    return `${this.codePrefix(scheme)}${value}`;
  }

  /** The value of a code IRI of this scheme, or null when the IRI is not one. */
  valueOf(scheme: SchemeId, codeIri: string): string | null {
    const prefix = this.codePrefix(scheme);
    return codeIri.startsWith(prefix) ? codeIri.slice(prefix.length) : null;
  }
}

/**
 * The IRI-safe value of an imported code: the code string itself where it is safe (HISCO
 * `01110`, PST2 `2,2,18,1,2,1,2,0`, NACE `01.11`), percent-encoded where it is not.
 */
export function valueForCode(code: string): string {
  return encodeURIComponent(code).replace(/%2C/g, ',');
}

/** A value as it may come from a URL path: the same shape as {@link valueForCode} produces, or a UUID (the contract's `codeValue`). */
export function isPlausibleValue(value: string): boolean {
  return codeValue.safeParse(value).success;
}
