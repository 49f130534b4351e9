import { describe, expect, it } from 'vitest';
import { chosenCount, draftOf, isDraftChanged, saveLabel, togglePrediction, toggleTreeNode, withTags } from './review-draft';

const loaded = { treeNodes: [], nodeURIs: [], predictionURIs: ['hisco:61110'], tags: [] };
const weaver = { code: '75400', codeValue: '75400', name: 'Weaver', scheme: 'hisco', description: null };

describe('the review draft (SPEC §4)', () => {
  it('toggles prediction URIs, tree nodes and their URIs, and counts N', () => {
    let draft = draftOf(loaded);
    expect(isDraftChanged(draft, loaded)).toBe(false);
    expect(saveLabel(draft, false)).toBe('No changes to save');
    draft = togglePrediction(draft, ['hisco:61110']);
    expect(draft.predictionURIs).toEqual([]);
    draft = togglePrediction(draft, ['hisco:62105', 'hisco:61110']);
    expect(draft.predictionURIs).toEqual(['hisco:62105', 'hisco:61110']);
    draft = toggleTreeNode(draft, weaver);
    expect(draft.nodeURIs).toEqual(['hisco:75400']);
    expect(draft.treeNodes).toEqual([weaver]);
    expect(chosenCount(draft)).toBe(3);
    expect(saveLabel(draft, isDraftChanged(draft, loaded))).toBe('Save (3) and next');
    draft = toggleTreeNode(draft, weaver);
    expect(draft.nodeURIs).toEqual([]);
    expect(draft.treeNodes).toEqual([]);
  });

  it('counts a changed set of tags, not their order, as a change', () => {
    const tagged = { ...loaded, tags: ['Master' as const, 'Apprentice' as const] };
    expect(isDraftChanged(withTags(draftOf(tagged), ['Apprentice', 'Master']), tagged)).toBe(false);
    expect(isDraftChanged(withTags(draftOf(tagged), ['Apprentice']), tagged)).toBe(true);
  });
});
