import type { LinkMaps } from '@og/shared/contracts/links';
import type { TreeNode } from '@og/shared/contracts/schemes';
import { describe, expect, it } from 'vitest';
import { linkButtonState, type LinkButtonInput } from './link-button-state';

const leaf = (value: string): TreeNode => ({ value, name: value, label: value, linkCount: 0, children: [] });
const folder = (value: string): TreeNode => ({ ...leaf(value), children: [leaf(`${value}1`)] });

const maps: LinkMaps = {
  schemes: ['isco08', 'soc2020'],
  maps: { soc2020: { '1111': { isco08: ['2222'] }, '1119': { isco08: ['unlinkable'] } }, isco08: { '2222': { soc2020: ['1111'] } } },
  relations: { 'isco08:2222 soc2020:1111': 'broadMatch' },
};
const input: LinkButtonInput = {
  maps,
  source: { scheme: 'soc2020', node: leaf('1111') },
  target: { scheme: 'isco08', node: leaf('2222') },
  pending: false,
  canEdit: true,
};

describe('the link button (SPEC §4)', () => {
  it('unlinks when the target is in the source’s link list, showing the relation read from source to target', () => {
    expect(linkButtonState(input)).toEqual({ linked: true, relation: 'narrowMatch', disabledReason: null });
  });

  it('links otherwise', () => {
    expect(linkButtonState({ ...input, target: { scheme: 'isco08', node: leaf('3333') } })).toEqual({ linked: false, relation: null, disabledReason: null });
  });

  it('is disabled while a request is pending, when both codes have children, without two codes, or for members', () => {
    expect(linkButtonState({ ...input, pending: true }).disabledReason).toBe('Saving…');
    expect(linkButtonState({ ...input, source: { scheme: 'soc2020', node: folder('11') }, target: { scheme: 'isco08', node: folder('22') } }).disabledReason).toBe(
      'At least one of the two codes must have no children',
    );
    expect(linkButtonState({ ...input, source: { scheme: 'soc2020', node: folder('11') } }).disabledReason).toBeNull();
    expect(linkButtonState({ ...input, target: { scheme: 'isco08', node: undefined } }).disabledReason).toBe('Select a code on both sides');
    expect(linkButtonState({ ...input, canEdit: false }).disabledReason).toBe('Only administrators can link codes');
    expect(linkButtonState({ ...input, maps: undefined }).disabledReason).toBe('The links are loading');
  });

  it('does not link a code marked unlinkable towards the other scheme, from either side', () => {
    expect(linkButtonState({ ...input, source: { scheme: 'soc2020', node: leaf('1119') } }).disabledReason).toBe('1119 is marked unlinkable towards this scheme');
    expect(
      linkButtonState({ ...input, source: { scheme: 'isco08', node: leaf('3333') }, target: { scheme: 'soc2020', node: leaf('1119') } }).disabledReason,
    ).toBe('1119 is marked unlinkable towards this scheme');
  });
});
