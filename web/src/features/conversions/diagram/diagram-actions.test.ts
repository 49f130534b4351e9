import { describe, expect, it } from 'vitest';
import { type ConversionDiagramAction, conversionDiagramReducer, initialConversionDiagramState, linkedValues } from './diagram-actions';
import { record } from './diagram-fixtures';
import { problemValues } from './diagram-problems';

/** Major 7 → minor 71 → unit 711 → 71105 (linked); unit 712 (linked) under 71. */
const original = [record('7', null), record('71', '7'), record('711', '71'), record('71105', '711', { isLink: true }), record('712', '71', { isLink: true })];
const start = () => initialConversionDiagramState(original, 3);
const linkedOf = (state: ReturnType<typeof start>) => linkedValues(state);

describe('conversionDiagramReducer (SPEC §4 "Conversion diagram actions")', () => {
  it('starts from the records with nothing processed', () => {
    expect(start()).toEqual({ records: original, targetDepth: 3, processed: null });
    expect(linkedOf(start())).toEqual(['712', '71105']);
  });

  it('ADD_LINKS merges in new nodes with their ancestors and links the named ones', () => {
    const state = conversionDiagramReducer(start(), {
      type: 'ADD_LINKS',
      // 71 is drawn already (its record here must not replace it); 72 and 721 are new.
      nodes: [record('7', null, { name: 'changed' }), record('72', '7'), record('721', '72')],
      values: ['721', '711'],
    });
    expect(state.records.map((item) => item.value)).toEqual(['7', '71', '711', '71105', '712', '72', '721']);
    expect(state.records[0]!.name).toBe('Name of 7');
    expect(linkedOf(state)).toEqual(['711', '712', '721', '71105']);
    expect(problemValues(state.records, state.targetDepth)).toEqual(['711', '712', '721']);
  });

  it('REMOVE_LINKS clears the named links and keeps the nodes', () => {
    const state = conversionDiagramReducer(start(), { type: 'REMOVE_LINKS', values: ['712', 'unknown'] });
    expect(linkedOf(state)).toEqual(['71105']);
    expect(state.records).toHaveLength(original.length);
    expect(problemValues(state.records, state.targetDepth)).toEqual([]);
  });

  it('SET_TRANSLATION (‘Map only here’) leaves the given nodes the only linked ones', () => {
    const before = start();
    expect(problemValues(before.records, 3)).toEqual(['711', '712']);
    const state = conversionDiagramReducer(before, { type: 'SET_TRANSLATION', values: ['71'] });
    expect(linkedOf(state)).toEqual(['71']);
    expect(problemValues(state.records, 3)).toEqual([]);
    // The loaded records are not changed in place (RESET restores them).
    expect(linkedOf(before)).toEqual(['712', '71105']);
  });

  it('SET_PROCESSED_CONVERSION stores the result, RESET restores the original links and drops it', () => {
    const processed = { targets: ['71'] };
    const edited = conversionDiagramReducer(conversionDiagramReducer(start(), { type: 'SET_TRANSLATION', values: ['71'] }), { type: 'SET_PROCESSED_CONVERSION', processed });
    expect(edited.processed).toBe(processed);
    expect(linkedOf(edited)).toEqual(['71']);
    const reset = conversionDiagramReducer(edited, { type: 'RESET', records: original });
    expect(reset).toEqual({ records: original, targetDepth: 3, processed: null });
  });

  it('throws on an unknown action type', () => {
    expect(() => conversionDiagramReducer(start(), { type: 'LINK_EVERYTHING' } as unknown as ConversionDiagramAction)).toThrow(new Error('Unknown action type'));
  });
});
