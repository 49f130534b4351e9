import type { Mappings, ReviewTreeNode } from '@og/shared/contracts/predictions';

/** SPEC §4 "Review screen": the editable copy of an entry's mappings. */
export interface ReviewDraft {
  treeNodes: ReviewTreeNode[];
  nodeURIs: string[];
  predictionURIs: string[];
  tags: Mappings['tags'];
}

export type Tag = Mappings['tags'][number];

/** A code of the tree as the review names it: `scheme:value` (SPEC §3). */
export const nodeUri = (node: Pick<ReviewTreeNode, 'scheme' | 'codeValue'>): string => `${node.scheme}:${node.codeValue}`;

/** Loading an entry sets the draft to its mappings (SPEC §4). */
export function draftOf(mappings: Mappings): ReviewDraft {
  return { treeNodes: mappings.treeNodes, nodeURIs: mappings.nodeURIs, predictionURIs: mappings.predictionURIs, tags: mappings.tags };
}

const toggled = (list: readonly string[], items: readonly string[]): string[] => {
  const allIn = items.every((item) => list.includes(item));
  return allIn ? list.filter((item) => !items.includes(item)) : [...list, ...items.filter((item) => !list.includes(item))];
};

/** Selecting a prediction toggles its URIs in predictionURIs (SPEC §4). */
export function togglePrediction(draft: ReviewDraft, uris: readonly string[]): ReviewDraft {
  return { ...draft, predictionURIs: toggled(draft.predictionURIs, uris) };
}

/** Adding a tree node toggles it in treeNodes and its URI in nodeURIs (SPEC §4). */
export function toggleTreeNode(draft: ReviewDraft, node: ReviewTreeNode): ReviewDraft {
  const uri = nodeUri(node);
  if (draft.nodeURIs.includes(uri)) {
    return { ...draft, nodeURIs: draft.nodeURIs.filter((item) => item !== uri), treeNodes: draft.treeNodes.filter((item) => nodeUri(item) !== uri) };
  }
  return { ...draft, nodeURIs: [...draft.nodeURIs, uri], treeNodes: [...draft.treeNodes.filter((item) => nodeUri(item) !== uri), node] };
}

/** Setting tags replaces them (SPEC §4). */
export const withTags = (draft: ReviewDraft, tags: Tag[]): ReviewDraft => ({ ...draft, tags });

/** SPEC §4: N, the node URIs plus the prediction URIs. */
export const chosenCount = (draft: Pick<ReviewDraft, 'nodeURIs' | 'predictionURIs'>): number => draft.nodeURIs.length + draft.predictionURIs.length;

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((item) => b.includes(item));

/** SPEC §4: the draft is changed when nodeURIs, predictionURIs or tags differ from the loaded entry. */
export function isDraftChanged(draft: ReviewDraft, loaded: Pick<Mappings, 'nodeURIs' | 'predictionURIs' | 'tags'>): boolean {
  return !sameSet(draft.nodeURIs, loaded.nodeURIs) || !sameSet(draft.predictionURIs, loaded.predictionURIs) || !sameSet(draft.tags, loaded.tags);
}

/** 'Save (N) and next', or 'No changes to save' (SPEC §4). */
export function saveLabel(draft: ReviewDraft, changed: boolean): string {
  return changed ? `Save (${chosenCount(draft)}) and next` : 'No changes to save';
}
