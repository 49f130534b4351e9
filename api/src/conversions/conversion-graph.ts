import { isPseudoTarget, type LinkMaps, type LinkRelation, relationBetween } from '@og/shared/contracts/links';
import type { ConversionPath, NotConvertedReason } from '@og/shared/contracts/conversions';
import type { CodeRecord } from '@og/shared/contracts/schemes';
import { childrenIndex } from '@og/shared/domain/code-tree';
import { codeKey } from '@og/shared/domain/code-key';
import { isSchemeId, type SchemeId } from '@og/shared/domain/schemes';
import { readLinkMaps } from '../links/link-maps.js';
import type { SchemeContext } from '../schemes/scheme-context.js';

/** One way a source code reaches a code of the target scheme (SPEC §7's conversion query row). */
export interface ConversionLink {
  /** The source code (`scheme:value`) whose link starts the path: the seed itself, a descendant, or (default to parent) an ancestor. */
  start: string;
  /** The target code's value. */
  target: string;
  /** The intermediate code of a two-hop path, or the parent a default-to-parent code follows (`scheme:value`); null for a direct link. */
  parent: string | null;
  /** A link of the code's own (or its descendants'); false through an intermediate scheme. */
  isLinked: boolean;
  path: ConversionPath;
  /** The link's relation read from the source to the target (null through two links). */
  relation: LinkRelation | null;
}

/** What the link graph says about one source code. */
export type CodePaths = { reason: NotConvertedReason; links: [] } | { reason: null; links: ConversionLink[] };

/** A scheme's codes, with the ways to find one from a code as files write it. */
export class SchemeCodes {
  readonly children: Map<string, string[]>;
  private readonly byLabel = new Map<string, string>();
  private readonly byKey = new Map<string, string>();

  constructor(
    readonly scheme: SchemeId,
    readonly lookup: Readonly<Record<string, CodeRecord>>,
  ) {
    this.children = childrenIndex(lookup);
    for (const record of Object.values(lookup)) {
      if (!this.byLabel.has(record.label)) this.byLabel.set(record.label, record.value);
      const key = codeKey(record.label);
      if (!this.byKey.has(key)) this.byKey.set(key, record.value);
    }
  }

  /** The value of a code as written (its exact notation first, then forgiving case, spaces and spreadsheet damage), or null. */
  find(written: string): string | null {
    if (this.lookup[written] && this.lookup[written].label === written) return written;
    return this.byLabel.get(written) ?? this.byKey.get(codeKey(written)) ?? (this.lookup[written] ? written : null);
  }

  record(value: string): CodeRecord | undefined {
    return this.lookup[value];
  }

  /** The code and its ancestors, the code first. */
  ancestry(value: string): string[] {
    const chain: string[] = [];
    for (let at: string | undefined = value; at !== undefined && this.lookup[at] && chain.length <= 64; at = this.lookup[at]!.parent) chain.push(at);
    return chain;
  }

  /** The code's ancestor at `depth` (itself when it is at that depth or above; null depth: itself). */
  atDepth(value: string, depth: number | null): string {
    if (depth === null) return value;
    const chain = this.ancestry(value);
    return chain.length > depth ? chain[chain.length - depth]! : value;
  }

  /** The code and every code below it. */
  subtree(value: string): string[] {
    const found: string[] = [];
    const stack = [value];
    while (stack.length) {
      const at = stack.pop()!;
      found.push(at);
      for (const child of this.children.get(at) ?? []) stack.push(child);
    }
    return found;
  }
}

/** Strength of a relation when one target must be chosen (the modal rule without a reference). */
export const relationStrength: Record<LinkRelation, number> = { exactMatch: 5, closeMatch: 4, narrowMatch: 3, broadMatch: 2, relatedMatch: 1 };

/**
 * The link graph a conversion into one scheme reads (SPEC §7 "Conversion query"): the
 * codes of the source schemes and of the target, and the links of each with every other scheme.
 * Paths, as SPEC's query: the links of the code and of its descendants to the target scheme
 * first; else two links through an intermediate scheme (not linked); else, for a code marked
 * 'default to parent', its parent's paths; a code marked 'unlinkable' is not converted.
 */
export class ConversionGraph {
  private constructor(
    readonly target: SchemeCodes,
    private readonly sources: Map<SchemeId, SchemeCodes>,
    private readonly sourceMaps: Map<SchemeId, LinkMaps>,
    /** Intermediate scheme → its code value → target values linked to it. */
    private readonly intoTarget: Map<SchemeId, Map<string, string[]>>,
  ) {}

  static async load(schemes: SchemeContext, sourceSchemes: readonly SchemeId[], targetScheme: SchemeId): Promise<ConversionGraph> {
    const codesOf = async (scheme: SchemeId) => new SchemeCodes(scheme, (await schemes.trees.get(scheme)).tree.lookup);
    const target = await codesOf(targetScheme);
    const sources = new Map<SchemeId, SchemeCodes>();
    const sourceMaps = new Map<SchemeId, LinkMaps>();
    for (const scheme of new Set(sourceSchemes)) {
      sources.set(scheme, scheme === targetScheme ? target : await codesOf(scheme));
      if (scheme !== targetScheme) sourceMaps.set(scheme, await readLinkMaps(schemes, [scheme]));
    }
    const targetMaps = await readLinkMaps(schemes, [targetScheme]);
    const intoTarget = new Map<SchemeId, Map<string, string[]>>();
    for (const [value, others] of Object.entries(targetMaps.maps[targetScheme] ?? {})) {
      for (const [other, linked] of Object.entries(others)) {
        if (!isSchemeId(other)) continue;
        let index = intoTarget.get(other);
        if (!index) intoTarget.set(other, (index = new Map()));
        for (const code of linked) {
          if (isPseudoTarget(code)) continue;
          const list = index.get(code);
          if (list) list.push(value);
          else index.set(code, [value]);
        }
      }
    }
    return new ConversionGraph(target, sources, sourceMaps, intoTarget);
  }

  codesOf(scheme: SchemeId): SchemeCodes | undefined {
    return this.sources.get(scheme) ?? (scheme === this.target.scheme ? this.target : undefined);
  }

  /** Where a source code (`scheme:code`, the code as written) goes in the target scheme. */
  paths(scheme: SchemeId, written: string): CodePaths & { value: string | null } {
    const codes = this.sources.get(scheme);
    const value = codes?.find(written) ?? null;
    if (!codes || value === null) return { reason: 'unknown code', links: [], value };
    if (scheme === this.target.scheme) {
      return { reason: null, links: [{ start: `${scheme}:${value}`, target: value, parent: null, isLinked: true, path: 'direct', relation: 'exactMatch' }], value };
    }
    return { ...this.pathsOf(codes, value, true, 0), value };
  }

  private pathsOf(codes: SchemeCodes, value: string, withDescendants: boolean, hops: number): CodePaths {
    const scheme = codes.scheme;
    const targetScheme = this.target.scheme;
    const maps = this.sourceMaps.get(scheme)!.maps[scheme] ?? {};
    // A code marked unlinkable towards the target is not converted, whatever its descendants or other schemes say.
    const markers = maps[value]?.[targetScheme] ?? [];
    if (markers.includes('unlinkable')) return { reason: 'unlinkable', links: [] };
    // The code's own links first; a code with none takes its descendants' (SPEC's query follows subclasses down).
    const own = maps[value]?.[targetScheme]?.some((target) => !isPseudoTarget(target) && this.target.record(target)) ?? false;
    const starts = withDescendants && !own ? codes.subtree(value) : [value];
    const direct: ConversionLink[] = [];
    for (const start of starts) {
      for (const target of maps[start]?.[targetScheme] ?? []) {
        if (isPseudoTarget(target) || !this.target.record(target)) continue;
        const relation = relationBetween(this.sourceMaps.get(scheme)!, { scheme, value: start }, { scheme: targetScheme, value: target });
        direct.push({ start: `${scheme}:${start}`, target, parent: null, isLinked: true, path: 'direct', relation });
      }
    }
    if (direct.length) return { reason: null, links: direct };

    const twoHop: ConversionLink[] = [];
    for (const start of starts) {
      for (const [other, linked] of Object.entries(maps[start] ?? {})) {
        if (other === targetScheme || other === scheme || !isSchemeId(other)) continue;
        const index = this.intoTarget.get(other);
        if (!index) continue;
        for (const middle of linked) {
          if (isPseudoTarget(middle)) continue;
          for (const target of index.get(middle) ?? []) {
            twoHop.push({ start: `${scheme}:${start}`, target, parent: `${other}:${middle}`, isLinked: false, path: 'two-hop', relation: null });
          }
        }
      }
    }
    if (twoHop.length) return { reason: null, links: twoHop };

    const parent = codes.record(value)?.parent;
    if (markers.includes('default-to-parent') && parent !== undefined && hops < 64) {
      const inherited = this.pathsOf(codes, parent, false, hops + 1);
      if (inherited.reason !== null) return inherited;
      return {
        reason: null,
        links: inherited.links.map((link) => ({ ...link, path: 'default-to-parent', parent: link.parent ?? `${scheme}:${parent}`, isLinked: link.isLinked })),
      };
    }
    return { reason: 'no link', links: [] };
  }
}
