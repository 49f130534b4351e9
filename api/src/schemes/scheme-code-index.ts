import type { CodeMatches } from '@og/shared/contracts/schemes';
import { codeKey } from '@og/shared/domain/code-key';
import { type SchemeId, schemes } from '@og/shared/domain/schemes';
import type { CachedTree, SchemeTrees } from './scheme-trees.js';

/** A scheme's code strings ('Occupation code'), as they are and by {@link codeKey}. */
interface SchemeCodes {
  labels: ReadonlySet<string>;
  keys: ReadonlySet<string>;
}

/**
 * Which schemes a sample of a file's codes are codes of (`POST /api/schemes/code-matches`). A
 * scheme's code strings are gathered once per revision of its cached tree: a new revision is a
 * new tree, and the sets gathered from the old one go with it.
 */
export class SchemeCodeIndex {
  private readonly codesOf = new WeakMap<CachedTree, SchemeCodes>();

  constructor(private readonly trees: SchemeTrees) {}

  /** For every scheme that has codes, how many of the distinct `codes` are its codes. */
  async countMatches(codes: readonly string[]): Promise<CodeMatches> {
    const sample = [...new Set(codes)].map((code) => ({ code, key: codeKey(code) }));
    const counted = await Promise.all(
      schemes.map(async ({ id }) => {
        const known = this.schemeCodes(await this.trees.get(id));
        const matches = sample.filter(({ code, key }) => known.labels.has(code) || known.keys.has(key)).length;
        return { scheme: id, matches, empty: known.labels.size === 0 };
      }),
    );
    return { sampled: sample.length, schemes: counted.filter(({ empty }) => !empty).map(({ scheme, matches }) => ({ scheme, matches })) };
  }

  /** For each of the distinct `codes`, the schemes it is a code of (as written, or by {@link codeKey}). */
  async schemesOf(codes: readonly string[]): Promise<Map<string, SchemeId[]>> {
    const known = await Promise.all(schemes.map(async ({ id }) => ({ id, codes: this.schemeCodes(await this.trees.get(id)) })));
    return new Map(
      [...new Set(codes)].map((code) => {
        const key = codeKey(code);
        return [code, known.filter((scheme) => scheme.codes.labels.has(code) || scheme.codes.keys.has(key)).map((scheme) => scheme.id)];
      }),
    );
  }

  private schemeCodes(cached: CachedTree): SchemeCodes {
    let known = this.codesOf.get(cached);
    if (!known) {
      const labels = new Set(Object.values(cached.tree.lookup).map((code) => code.label));
      known = { labels, keys: new Set([...labels].map(codeKey)) };
      this.codesOf.set(cached, known);
    }
    return known;
  }
}
