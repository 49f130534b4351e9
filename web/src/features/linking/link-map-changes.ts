import { inverseRelation, isPseudoTarget, linkKey, type LinkMaps, type LinkRelation, type PseudoTarget } from '@og/shared/contracts/links';
import type { SchemeId } from '@og/shared/domain/schemes';

/** One end of a link: a code of a scheme. */
export interface CodeRef {
  scheme: SchemeId;
  value: string;
}

/**
 * A copy of link maps to change: only what a change touches is copied, once, so linking a code to
 * thousands of others at once stays linear.
 */
class LinkMapsDraft {
  private readonly maps: LinkMaps['maps'];
  readonly relations: LinkMaps['relations'];
  private readonly copied = new Set<object>();

  constructor(private readonly base: LinkMaps) {
    this.maps = { ...base.maps };
    this.relations = { ...base.relations };
  }

  private own<T extends object>(value: T): T {
    if (this.copied.has(value)) return value;
    const copy = (Array.isArray(value) ? [...value] : { ...value }) as T;
    this.copied.add(copy);
    return copy;
  }

  private codeMap(code: CodeRef): Record<string, string[]> {
    const scheme = (this.maps[code.scheme] = this.own(this.maps[code.scheme] ?? {}));
    return (scheme[code.value] = this.own(scheme[code.value] ?? {}));
  }

  entries(code: CodeRef, towards: SchemeId): readonly string[] {
    return this.maps[code.scheme]?.[code.value]?.[towards] ?? [];
  }

  add(code: CodeRef, towards: SchemeId, entry: string): void {
    if (this.entries(code, towards).includes(entry)) return;
    const byScheme = this.codeMap(code);
    (byScheme[towards] = this.own(byScheme[towards] ?? [])).push(entry);
  }

  remove(code: CodeRef, towards: SchemeId, entry: string): void {
    if (!this.entries(code, towards).includes(entry)) return;
    const byScheme = this.codeMap(code);
    const kept = byScheme[towards]!.filter((item) => item !== entry);
    this.copied.add(kept);
    if (kept.length > 0) byScheme[towards] = kept;
    else delete byScheme[towards];
    if (Object.keys(byScheme).length === 0) delete this.maps[code.scheme]![code.value];
  }

  result(): LinkMaps {
    return { ...this.base, maps: this.maps, relations: this.relations };
  }
}

function link(draft: LinkMapsDraft, a: CodeRef, b: CodeRef, relation: LinkRelation): void {
  draft.add(a, b.scheme, b.value);
  draft.add(b, a.scheme, a.value);
  // Stored read from the scheme first in name order (LinkMaps.relations).
  draft.relations[linkKey(a, b)] = a.scheme < b.scheme ? relation : inverseRelation(relation);
}

function unlink(draft: LinkMapsDraft, a: CodeRef, b: CodeRef): void {
  draft.remove(a, b.scheme, b.value);
  draft.remove(b, a.scheme, a.value);
  delete draft.relations[linkKey(a, b)];
}

function change(maps: LinkMaps, edit: (draft: LinkMapsDraft) => void): LinkMaps {
  const draft = new LinkMapsDraft(maps);
  edit(draft);
  return draft.result();
}

/** `a` linked to `b` with `relation` read from a to b (an existing link takes the relation). */
export function withLink(maps: LinkMaps, a: CodeRef, b: CodeRef, relation: LinkRelation): LinkMaps {
  return change(maps, (draft) => link(draft, a, b, relation));
}

/** `subject` linked to each of `objects` with `relation` read from the subject. */
export function withLinks(maps: LinkMaps, subject: CodeRef, objects: readonly CodeRef[], relation: LinkRelation): LinkMaps {
  return change(maps, (draft) => {
    for (const object of objects) link(draft, subject, object, relation);
  });
}

export function withoutLink(maps: LinkMaps, a: CodeRef, b: CodeRef): LinkMaps {
  return change(maps, (draft) => unlink(draft, a, b));
}

/** A code marked unlinkable, or defaulting to its parent, towards a scheme. */
export function withMarker(maps: LinkMaps, code: CodeRef, towards: SchemeId, marker: PseudoTarget): LinkMaps {
  return change(maps, (draft) => draft.add(code, towards, marker));
}

export function withoutMarker(maps: LinkMaps, code: CodeRef, towards: SchemeId, marker: PseudoTarget): LinkMaps {
  return change(maps, (draft) => draft.remove(code, towards, marker));
}

/** Every link of a code towards a scheme gone, and its pseudo-targets there (SPEC: clear links, or stop defaulting). */
export function withoutLinksOf(maps: LinkMaps, code: CodeRef, towards: SchemeId): LinkMaps {
  return change(maps, (draft) => {
    for (const entry of [...draft.entries(code, towards)]) {
      if (isPseudoTarget(entry)) draft.remove(code, towards, entry);
      else unlink(draft, code, { scheme: towards, value: entry });
    }
  });
}
