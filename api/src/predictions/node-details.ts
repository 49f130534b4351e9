import { splitPredictionUri, type NodeDetail, type ReviewTreeNode } from '@og/shared/contracts/predictions';
import type { CodeRecord } from '@og/shared/contracts/schemes';
import { isSchemeId, type SchemeId } from '@og/shared/domain/schemes';
import type { SchemeContext } from '../schemes/scheme-context.js';

/**
 * What the review shows of the codes an entry names (SPEC §3 "Node details", "Tree node"): read
 * from the schemes' trees, which the api keeps in memory per revision. A URI whose scheme has no
 * such code has no details (the entry lists it as unknown).
 */
export class CodeDetails {
  private constructor(private readonly lookups: ReadonlyMap<SchemeId, Readonly<Record<string, CodeRecord>>>) {}

  static async of(schemes: SchemeContext, uris: Iterable<string>): Promise<CodeDetails> {
    const wanted = new Set<SchemeId>();
    for (const uri of uris) {
      const { scheme } = splitPredictionUri(uri);
      if (isSchemeId(scheme)) wanted.add(scheme);
    }
    const lookups = new Map<SchemeId, Readonly<Record<string, CodeRecord>>>();
    await Promise.all([...wanted].map(async (scheme) => lookups.set(scheme, (await schemes.trees.get(scheme)).tree.lookup)));
    return new CodeDetails(lookups);
  }

  private record(uri: string): { scheme: string; record: CodeRecord } | null {
    const { scheme, code } = splitPredictionUri(uri);
    const record = isSchemeId(scheme) ? this.lookups.get(scheme)?.[code] : undefined;
    return record ? { scheme, record } : null;
  }

  /** URI → {name, codeValue, description} for every URI the scheme has. */
  details(uris: Iterable<string>): Record<string, NodeDetail> {
    const details: Record<string, NodeDetail> = {};
    for (const uri of uris) {
      const found = this.record(uri);
      if (found) details[uri] = { name: found.record.name, codeValue: found.record.value, description: found.record.description ?? null };
    }
    return details;
  }

  /** A code as an export names it: its scheme, its label ('Occupation code', SPEC §3) and its name; null when the scheme has no such code. */
  code(uri: string): { scheme: string; label: string; name: string } | null {
    const found = this.record(uri);
    return found ? { scheme: found.scheme, label: found.record.label, name: found.record.name } : null;
  }

  /** The chosen tree nodes as SPEC's review tree nodes, in the order they were chosen. */
  treeNodes(uris: readonly string[]): ReviewTreeNode[] {
    return uris.flatMap((uri) => {
      const found = this.record(uri);
      return found
        ? [{ description: found.record.description ?? null, code: found.record.label, codeValue: found.record.value, name: found.record.name, scheme: found.scheme }]
        : [];
    });
  }
}
