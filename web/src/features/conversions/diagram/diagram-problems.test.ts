import { describe, expect, it } from 'vitest';
import { record } from './diagram-fixtures';
import { problemTooltip, problemValues } from './diagram-problems';

/** Major group 7 → minor 71 → units 711, 712 → occupations 71105, 71110, 71205; and 8 → 81 → 811. */
const tree = [
  record('7', null),
  record('71', '7'),
  record('711', '71'),
  record('712', '71'),
  record('71105', '711'),
  record('71110', '711'),
  record('71205', '712'),
  record('8', null),
  record('81', '8'),
  record('811', '81'),
];
const linking = (...values: string[]) => tree.map((item) => ({ ...item, isLink: values.includes(item.value) }));

describe('problemValues (SPEC §4)', () => {
  it('names the tooltip as SPEC says', () => {
    expect(problemTooltip).toBe('There is a problem with this aggregation.');
  });

  it('flags every node at depth 3 that holds a link when more than one does', () => {
    expect(problemValues(linking('71105', '71205'), 3)).toEqual(['711', '712']);
    expect(problemValues(linking('71105', '71205', '811'), 3)).toEqual(['711', '712', '811']);
  });

  it('flags nothing when the links meet in one node at the target depth', () => {
    expect(problemValues(linking('71105', '71110'), 3)).toEqual([]);
    expect(problemValues(linking('71105'), 3)).toEqual([]);
    expect(problemValues(linking(), 3)).toEqual([]);
    // At depth 2 the two units meet in minor group 71.
    expect(problemValues(linking('71105', '71205'), 2)).toEqual([]);
    expect(problemValues(linking('71105', '811'), 1)).toEqual(['7', '8']);
  });

  it('at Max (null) flags every linked node when there is more than one', () => {
    expect(problemValues(linking('71105', '71110'), null)).toEqual(['71105', '71110']);
    expect(problemValues(linking('71105'), null)).toEqual([]);
  });

  it('counts a link above the target depth as its own target, as the conversion does', () => {
    expect(problemValues(linking('8', '71105'), 3)).toEqual(['8', '711']);
    expect(problemValues(linking('7', '71105'), 3)).toEqual(['7', '711']);
  });
});
