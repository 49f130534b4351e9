import { relationBetween, type LinkMaps, type LinkRelation } from '@og/shared/contracts/links';
import type { TreeNode } from '@og/shared/contracts/schemes';
import type { SchemeId } from '@og/shared/domain/schemes';
import { entriesTowards, linkedCodes } from './link-facts';

/** A side's scheme and its selected code, if any. */
export interface LinkEnd {
  scheme: SchemeId;
  node: TreeNode | undefined;
}

export interface LinkButtonState {
  /** The target is in the source's link list: the button unlinks (red); else it links (teal). */
  linked: boolean;
  /** The existing link's relation, read from source to target. */
  relation: LinkRelation | null;
  /** Why the button cannot be pressed, or null when it can. */
  disabledReason: string | null;
}

export interface LinkButtonInput {
  maps: LinkMaps | undefined;
  source: LinkEnd;
  target: LinkEnd;
  pending: boolean;
  canEdit: boolean;
}

/** SPEC §4 "Link button": link or unlink; disabled while a request is pending and when both codes have children. */
export function linkButtonState({ maps, source, target, pending, canEdit }: LinkButtonInput): LinkButtonState {
  const { node: from } = source;
  const { node: to } = target;
  const linked = from !== undefined && to !== undefined && linkedCodes(maps, source.scheme, from.value, target.scheme).includes(to.value);
  const relation = linked ? relationBetween(maps!, { scheme: source.scheme, value: from.value }, { scheme: target.scheme, value: to.value }) : null;
  let disabledReason: string | null = null;
  if (!canEdit) disabledReason = 'Only administrators can link codes';
  else if (from === undefined || to === undefined) disabledReason = 'Select a code on both sides';
  else if (maps === undefined) disabledReason = 'The links are loading';
  else if (pending) disabledReason = 'Saving…';
  else if (from.children.length > 0 && to.children.length > 0) disabledReason = 'At least one of the two codes must have no children';
  // The api links no code marked unlinkable towards the other scheme; unlinking stays possible.
  else if (!linked && entriesTowards(maps, source.scheme, from.value, target.scheme).includes('unlinkable'))
    disabledReason = `${from.name} is marked unlinkable towards this scheme`;
  else if (!linked && entriesTowards(maps, target.scheme, to.value, source.scheme).includes('unlinkable'))
    disabledReason = `${to.name} is marked unlinkable towards this scheme`;
  return { linked, relation, disabledReason };
}
