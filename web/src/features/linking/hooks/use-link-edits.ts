import type { AcceptedSuggestion, LinkRelation, PseudoTarget } from '@og/shared/contracts/links';
import type { SchemeId } from '@og/shared/domain/schemes';
import { useIsMutating } from '@tanstack/react-query';
import { useClearLinks } from '../api/clear-links';
import { useCreateLink } from '../api/create-link';
import { useDeleteLink } from '../api/delete-link';
import { linkKeys } from '../api/link-keys';
import type { LinkEditTarget } from '../api/link-maps-cache';
import { useLinkToMany } from '../api/link-to-many';
import type { CodeRef } from '../link-map-changes';

/** Every link edit the linking page makes, in its own words. */
export interface LinkEdits {
  /** An edit of this pair is on its way (SPEC §4: the link button waits). */
  pending: boolean;
  /** Links `source` to `target` with `relation` read from source to target, or changes an existing link's relation to it. */
  link: (source: CodeRef, target: CodeRef, relation: LinkRelation) => void;
  unlink: (source: CodeRef, target: CodeRef) => void;
  /** Links `source` to `target` as a suggestion accepted: its score and evidence become the link's facts (issue 31). */
  accept: (source: CodeRef, target: CodeRef, relation: LinkRelation, suggestion: AcceptedSuggestion) => void;
  /** Marks a code unlinkable, or defaulting to its parent, towards a scheme. */
  mark: (code: CodeRef, towards: SchemeId, marker: PseudoTarget) => void;
  unmark: (code: CodeRef, towards: SchemeId, marker: PseudoTarget) => void;
  /** Every link and pseudo-target of a code towards a scheme gone. */
  clear: (code: CodeRef, towards: SchemeId) => void;
  /** `subject` linked to each of `objects` (codes of `objectsScheme`), `relation` read from the subject. */
  linkMany: (subject: CodeRef, objectsScheme: SchemeId, objects: string[], relation: LinkRelation) => void;
}

export function useLinkEdits(target: LinkEditTarget): LinkEdits {
  const create = useCreateLink(target);
  const remove = useDeleteLink(target);
  const clear = useClearLinks(target);
  const many = useLinkToMany(target);
  const pending = useIsMutating({ mutationKey: linkKeys.edits(target.pair) }) > 0;

  const single = (source: CodeRef, targetScheme: SchemeId, targetNodeID: string) => ({
    sourceNodeID: source.value,
    sourceScheme: source.scheme,
    targetNodeID,
    targetScheme,
  });

  return {
    pending,
    link: (source, to, relation) => create.mutate({ ...single(source, to.scheme, to.value), relation }),
    unlink: (source, to) => remove.mutate(single(source, to.scheme, to.value)),
    accept: (source, to, relation, suggestion) => create.mutate({ ...single(source, to.scheme, to.value), relation, suggestion }),
    mark: (code, towards, marker) => create.mutate(single(code, towards, marker)),
    unmark: (code, towards, marker) => remove.mutate(single(code, towards, marker)),
    clear: (code, towards) => clear.mutate({ nodeID: code.value, scheme: code.scheme, targetScheme: towards }),
    linkMany: (subject, objectsScheme, objects, relation) =>
      many.mutate({ subjectNodeID: subject.value, subjectScheme: subject.scheme, objectsNodeIDs: objects, objectsScheme, relation }),
  };
}
