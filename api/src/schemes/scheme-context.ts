import type { Redis } from 'ioredis';
import type { SchemeId } from '@og/shared/domain/schemes';
import type { Database } from '../db/database.js';
import type { TripleStore } from '../sparql/triple-store.js';
import { SchemeIris } from './scheme-iris.js';
import { SchemeRepository } from './scheme-repository.js';
import { SchemeRevisions } from './scheme-revisions.js';
import { SchemeTrees } from './scheme-trees.js';

/** What scheme reads, edits and imports need, made once per process. */
export interface SchemeContext {
  store: TripleStore;
  db: Database;
  redis: Redis;
  redisPrefix: string;
  iris: SchemeIris;
  repository: SchemeRepository;
  revisions: SchemeRevisions;
  trees: SchemeTrees;
  /** Tells the people following a scheme pair's links that they changed (set where sockets are served). */
  announce?: EditAnnouncer;
}

export interface EditAnnouncer {
  linksChanged(a: SchemeId, b: SchemeId): void;
}

export function createSchemeContext(options: {
  store: TripleStore;
  db: Database;
  redis: Redis;
  redisPrefix: string;
  baseIri: string;
  announce?: EditAnnouncer;
}): SchemeContext {
  const iris = new SchemeIris(options.baseIri);
  const repository = new SchemeRepository(options.store, iris);
  const revisions = new SchemeRevisions(options.redis, options.redisPrefix);
  return { ...options, iris, repository, revisions, trees: new SchemeTrees(repository, revisions) };
}
