import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importScheme } from '../../api/src/schemes/import-scheme.js';
import { findCode, schemeCodes } from '../../workers/src/scheme-codes/scheme-codes.js';
import { startTestEnvironment, type TestEnvironment } from '../support/test-environment.js';

/**
 * The codes an import matches a file's codes against (workers/src/scheme-codes): from the scheme's
 * tree when the one in memory is current, else from a read of the notations alone, which must
 * answer the same codes without building the tree. Real HISCO, embedded store.
 */

const data = path.resolve(import.meta.dirname, '../../../shared/data');

describe('scheme codes for an import', () => {
  let env: TestEnvironment;

  beforeAll(async () => {
    env = await startTestEnvironment();
    await importScheme(env.app.schemes, { scheme: 'hisco', text: fs.readFileSync(path.join(data, 'schemes/hisco.csv'), 'utf8'), format: 'csv', actorId: null });
  }, 120_000);

  afterAll(async () => {
    await env?.close();
  });

  it('answers the same codes from a stale tree as from a current one, and leaves the tree unbuilt', async () => {
    const { schemes } = env.app;
    const tree = await schemes.trees.get('hisco');
    const fromTree = await schemeCodes(schemes, 'hisco');
    expect(fromTree.byLabel.size).toBe(Object.keys(tree.tree.lookup).length);

    // A link change (any revision bump) makes the tree stale.
    await schemes.revisions.bump('hisco');
    expect(await schemes.trees.ifFresh('hisco')).toBeNull();
    const fromNotations = await schemeCodes(schemes, 'hisco');
    expect(await schemes.trees.ifFresh('hisco')).toBeNull();

    expect([...fromNotations.byLabel].sort()).toEqual([...fromTree.byLabel].sort());
    expect([...fromNotations.byKey].sort()).toEqual([...fromTree.byKey].sort());
    expect([...fromNotations.byIri].sort()).toEqual([...fromTree.byIri].sort());
    // HISCO's `01110` written as the number a spreadsheet makes of it, and an IRI.
    expect(fromTree.byLabel.get('01110')).toBeTruthy();
    expect(findCode(schemes.iris, 'hisco', fromNotations, '1110')).toBe(findCode(schemes.iris, 'hisco', fromTree, '01110'));
    expect(findCode(schemes.iris, 'hisco', fromNotations, 'x', schemes.iris.code('hisco', fromTree.byLabel.get('01110')!))).toBe(fromTree.byLabel.get('01110'));
  });
});
