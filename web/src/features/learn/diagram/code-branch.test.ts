import type { TreeNode } from '@og/shared/contracts/schemes';
import { describe, expect, it } from 'vitest';
import { branchNodes, codeBranch } from './code-branch';

const code = (value: string, name: string, children: TreeNode[] = []): TreeNode => ({ value, name, label: value, linkCount: 0, children });

/** A corner of HISCO: major groups 5 and 6, minor groups 61 and 64, and part of 64's codes. */
const hisco = {
  nestedData: [
    code('5', 'Service workers', [code('51', 'Managers (catering and lodging services)')]),
    code('6', 'Agricultural, animal husbandry and forestry workers, fishermen and hunters', [
      code('61', 'Farmers', [code('611', 'General Farmers', [code('61110', 'General Farmer')])]),
      code('64', 'Fishermen, Hunters and Related Workers', [
        code('641', 'Fishermen', [code('64100', 'Fisherman, DeepSea or Inland and Coastal Water'), code('64120', 'DeepSea Fisherman')]),
        code('649', 'Fishermen, Hunters and Related Workers Not Elsewhere Classified', [code('64920', 'Fish Farm Worker')]),
        code('64000', 'Fishermen, Hunters and Related Workers'),
      ]),
    ]),
  ],
};

const values = (node: TreeNode | null) => (node ? branchNodes(node).map((each) => each.value) : null);

describe('codeBranch', () => {
  it('keeps the way down from the root to the code, without the ancestors’ other children, and everything below the code', () => {
    const branch = codeBranch(hisco, '64');
    expect(values(branch)).toEqual(['6', '64', '641', '64100', '64120', '649', '64920', '64000']);
    expect(branch!.children.map((child) => child.value)).toEqual(['64']);
    expect(branch!.name).toBe('Agricultural, animal husbandry and forestry workers, fishermen and hunters');
  });

  it('starts at the ancestor asked for and keeps only the children asked for', () => {
    expect(values(codeBranch(hisco, '64', { top: '64', children: ['641'] }))).toEqual(['64', '641', '64100', '64120']);
    expect(values(codeBranch(hisco, '641', { top: '6' }))).toEqual(['6', '64', '641', '64100', '64120']);
  });

  it('answers a root or a leaf as itself', () => {
    expect(values(codeBranch(hisco, '5'))).toEqual(['5', '51']);
    expect(values(codeBranch(hisco, '64920', { top: '649' }))).toEqual(['649', '64920']);
  });

  it('answers null for a code not in the tree, or a top that is not above the code', () => {
    expect(codeBranch(hisco, '99')).toBeNull();
    expect(codeBranch(hisco, '64', { top: '61' })).toBeNull();
    expect(codeBranch({ nestedData: [] }, '64')).toBeNull();
  });

  it('leaves the tree it was given as it was', () => {
    codeBranch(hisco, '64', { children: ['649'] });
    expect(hisco.nestedData[1]!.children.map((child) => child.value)).toEqual(['61', '64']);
    expect(hisco.nestedData[1]!.children[1]!.children).toHaveLength(3);
  });
});
