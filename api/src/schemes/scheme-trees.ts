import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { CodeRecord, SchemeSummary, SchemeTree } from '@og/shared/contracts/schemes';
import { buildNestedTree, childrenIndex } from '@og/shared/domain/code-tree';
import { type SchemeId, schemes } from '@og/shared/domain/schemes';
import { contentEtag } from '../lib/etag.js';
import { eventLoopTurn } from '../lib/event-loop-turns.js';
import type { SchemeRepository } from './scheme-repository.js';
import type { SchemeRevisions } from './scheme-revisions.js';

export interface CachedTree {
  revision: string;
  etag: string;
  tree: SchemeTree;
  /** The JSON body, serialised once per revision. */
  body: string;
  /** The body gzipped, once per revision, off the request path; null until that is done. */
  gzipped: Buffer | null;
  summary: Omit<SchemeSummary, 'id' | 'label' | 'description'>;
}

const gzipAsync = promisify(gzip);

/**
 * Scheme trees, built from the store once per scheme revision and kept in memory: an
 * unchanged scheme costs one Redis read (and a 304 when the client has it).
 */
export class SchemeTrees {
  private readonly cache = new Map<SchemeId, CachedTree>();
  private readonly building = new Map<string, Promise<CachedTree>>();

  constructor(
    private readonly repository: SchemeRepository,
    readonly revisions: SchemeRevisions,
  ) {}

  async get(scheme: SchemeId): Promise<CachedTree> {
    const revision = await this.revisions.current(scheme);
    const cached = this.cache.get(scheme);
    if (cached?.revision === revision) return cached;
    const key = `${scheme}@${revision}`;
    let pending = this.building.get(key);
    if (!pending) {
      pending = this.build(scheme, revision).finally(() => this.building.delete(key));
      this.building.set(key, pending);
    }
    return pending;
  }

  /** The tree when the one in memory is the scheme's current revision; null rather than build it. */
  async ifFresh(scheme: SchemeId): Promise<CachedTree | null> {
    const cached = this.cache.get(scheme);
    if (!cached) return null;
    return cached.revision === (await this.revisions.current(scheme)) ? cached : null;
  }

  /**
   * Builds a tree in steps, the event loop getting a turn between them: on a machine busy with an
   * import's indexing, each step of a large scheme takes tens of milliseconds, which every other
   * request and socket event would otherwise wait for at once.
   */
  private async build(scheme: SchemeId, revision: string): Promise<CachedTree> {
    const lookup = await this.repository.readCodes(scheme);
    await eventLoopTurn();
    const tree: SchemeTree = { scheme, nestedData: buildNestedTree(lookup), lookup };
    await eventLoopTurn();
    const body = JSON.stringify(tree);
    await eventLoopTurn();
    // The ETag is the body's own hash: a 304 names this body, whatever the revision counter says.
    const etag = contentEtag(scheme, [body]);
    await eventLoopTurn();
    const entry: CachedTree = { revision, etag, tree, body, gzipped: null, summary: summarize(lookup) };
    this.cache.set(scheme, entry);
    // The first answer after a change goes out plain rather than wait for a large tree to
    // compress; the answers after it (other people, other tabs) get a fraction of the bytes.
    gzipAsync(body).then(
      (compressed) => {
        entry.gzipped = compressed;
      },
      () => undefined, // cannot fail on a string; were it to, the tree is simply sent plain
    );
    return entry;
  }

  async summaries(): Promise<SchemeSummary[]> {
    return Promise.all(
      schemes.map(async (scheme) => ({ id: scheme.id, label: scheme.label, description: scheme.description, ...(await this.get(scheme.id)).summary })),
    );
  }
}

function summarize(lookup: Record<string, CodeRecord>): CachedTree['summary'] {
  const children = childrenIndex(lookup);
  let leafCount = 0;
  let linkedLeafCount = 0;
  for (const record of Object.values(lookup)) {
    if (children.has(record.value)) continue;
    leafCount++;
    if (record.linkCount > 0) linkedLeafCount++;
  }
  return { codeCount: Object.keys(lookup).length, leafCount, linkedLeafCount };
}
