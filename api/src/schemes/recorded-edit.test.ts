import oxigraph from 'oxigraph';
import { describe, expect, it } from 'vitest';
import { askEditMarked, markEdit } from './recorded-edit.js';
import { SchemeIris } from './scheme-iris.js';

const iris = new SchemeIris('https://w3id.org/occupation-graph/');
const edit = (id: string) => `INSERT DATA { GRAPH <${iris.graph('hisco')}> { <${iris.code('hisco', id)}> <http://www.w3.org/2004/02/skos/core#notation> "${id}" } }`;

describe('the mark of an edit in the store', () => {
  it('is written in the same update as the edit, and tells whether the store has it', () => {
    const store = new oxigraph.Store();
    store.update(`${edit('a')}\n;\n${markEdit(iris, 'edit-1', ['hisco', 'isco08'])}`);
    expect(store.query(askEditMarked(iris, 'edit-1', ['hisco', 'isco08']))).toBe(true);
    expect(store.query(askEditMarked(iris, 'edit-1', ['isco08']))).toBe(true);
    expect(store.query(askEditMarked(iris, 'edit-2', ['hisco', 'isco08']))).toBe(false);
  });

  it('is replaced by the next edit of each scheme, so the store keeps one mark per scheme', () => {
    const store = new oxigraph.Store();
    store.update(`${edit('a')}\n;\n${markEdit(iris, 'edit-1', ['hisco', 'isco08'])}`);
    store.update(`${edit('b')}\n;\n${markEdit(iris, 'edit-2', ['hisco'])}`);
    expect(store.query(askEditMarked(iris, 'edit-2', ['hisco']))).toBe(true);
    expect(store.query(askEditMarked(iris, 'edit-1', ['hisco']))).toBe(false);
    expect(store.query(askEditMarked(iris, 'edit-1', ['isco08']))).toBe(true);
    expect(store.match(null, null, null, oxigraph.namedNode(iris.editsGraph())).length).toBe(2);
  });

  it('is not made when the edit fails: the update is one transaction', () => {
    const store = new oxigraph.Store();
    // The last operation fails as it runs, after the edit and its mark were applied: all of it is undone.
    expect(() => store.update(`${edit('a')}\n;\n${markEdit(iris, 'edit-1', ['hisco'])}\n;\nDROP GRAPH <${iris.graph('esco')}>`)).toThrow(/does not exist/);
    expect(store.query(askEditMarked(iris, 'edit-1', ['hisco']))).toBe(false);
    expect(store.size).toBe(0);
  });
});
