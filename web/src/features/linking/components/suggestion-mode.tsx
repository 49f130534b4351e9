import type { LinkMaps, LinkRelation } from '@og/shared/contracts/links';
import type { CodeRecord } from '@og/shared/contracts/schemes';
import type { SchemeId } from '@og/shared/domain/schemes';
import { Anchor, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useRef } from 'react';
import { notifyAdmin } from '../../../lib/notify';
import { linkKeys, schemePair } from '../api/link-keys';
import { usePairSuggestionsQuery, useRejectLinkSuggestion, useUnrejectLinkSuggestion } from '../api/link-suggestions';
import type { LinkEdits } from '../hooks/use-link-edits';
import { useSuggestionKeys } from '../hooks/use-suggestion-keys';
import { useSuggestionWalk } from '../hooks/use-suggestion-walk';
import { isHandled } from '../link-facts';
import { suggestionKeyAction } from '../suggestion-keys';
import { currentCandidates, currentCode } from '../suggestion-walk';
import { SuggestionReview } from './suggestion-review';

export interface SuggestionModeProps {
  source: SchemeId;
  target: SchemeId;
  sourceLookup: Readonly<Record<string, CodeRecord>> | undefined;
  targetLookup: Readonly<Record<string, CodeRecord>> | undefined;
  maps: LinkMaps | undefined;
  edits: LinkEdits;
  /** The relation picker's: what chosen candidates are linked with. */
  relation: LinkRelation;
  canEdit: boolean;
  /** Off while a search box has focus, as the linking shortcuts are. */
  keysEnabled: boolean;
  /** The trees follow: the walk's code on the left, the highlighted candidate (or none) on the right. */
  onFollow: (source: string, target: string | null) => void;
}

/**
 * The Suggestions mode (issue 31): the pair's candidates read once when the mode opens, walked
 * code by code with its keys. The walk's state lives here, so a key repaints the panel alone; the
 * trees follow in a transition after it.
 */
export function SuggestionMode({ source, target, sourceLookup, targetLookup, maps, edits, relation, canEdit, keysEnabled, onFollow }: SuggestionModeProps) {
  const queryClient = useQueryClient();
  const suggestions = usePairSuggestionsQuery(source, target, true);
  const [walk, step] = useSuggestionWalk(suggestions.data, (code) => isHandled(maps, source, code, target));
  const reject = useRejectLinkSuggestion();
  const unreject = useUnrejectLinkSuggestion();

  const code = currentCode(walk);
  const candidates = currentCandidates(walk);
  const highlightedCode = code === null ? null : (candidates[walk.highlighted]?.code ?? null);
  const followed = useRef<string | null>(null);
  useEffect(() => {
    const key = code === null ? null : `${code} ${highlightedCode ?? ''}`;
    if (key === followed.current || code === null) return;
    // After the panel is painted: the address change re-renders both trees, which the next code need not wait for.
    let timer: number | undefined;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => {
        followed.current = key;
        startTransition(() => onFollow(code, highlightedCode));
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [code, highlightedCode, onFollow]);

  function rejectCandidate(index: number) {
    const candidate = candidates[index];
    if (code === null || !candidate || !canEdit) return;
    step({ type: 'rejected', code, candidate: candidate.code });
    const rejection = { sourceNodeID: code, sourceScheme: source, targetNodeID: candidate.code, targetScheme: target, relation: candidate.relation };
    // The code's suggestion button asks again.
    const refresh = () => void queryClient.invalidateQueries({ queryKey: [...linkKeys.maps(schemePair(source, target)), 'suggestions'] });
    const name = targetLookup?.[candidate.code]?.name ?? candidate.code;
    const noticeId = `rejected-${code}-${candidate.code}`;
    reject.mutate(rejection, {
      onSuccess() {
        refresh();
        notifyAdmin({
          id: noticeId,
          message: (
            <RejectedNotice
              name={name}
              onUndo={() => {
                notifications.hide(noticeId);
                unreject.mutate(rejection, {
                  onSuccess() {
                    refresh();
                    step({ type: 'restored', code, candidate });
                  },
                  onError: (error) => notifyAdmin({ title: 'The rejection was not taken back', message: error.message, color: 'red' }),
                });
              }}
            />
          ),
        });
      },
      onError(error) {
        step({ type: 'restored', code, candidate });
        notifyAdmin({ title: 'The rejection was not saved', message: error.message, color: 'red' });
      },
    });
  }

  /** Enter: the chosen candidates linked with the picker's relation, carrying their score and evidence; then the next code. */
  function saveAndGoOn() {
    step({ type: 'next' });
    if (code === null || !canEdit) return;
    for (const chosen of walk.chosen) {
      const candidate = candidates.find((each) => each.code === chosen);
      if (!candidate) continue;
      const evidence = [...new Set(candidate.evidence.map((piece) => piece.kind))];
      const from = { scheme: source, value: code };
      const to = { scheme: target, value: candidate.code };
      if (evidence.length > 0) edits.accept(from, to, relation, { score: candidate.score, evidence });
      else edits.link(from, to, relation);
    }
  }

  function onKey(key: string): boolean {
    const action = suggestionKeyAction(key, { candidates: code === null ? 0 : candidates.length, highlighted: walk.highlighted, canEdit });
    if (!action) return false;
    switch (action.type) {
      case 'toggle':
        step({ type: 'toggle', index: action.index });
        return true;
      case 'highlight':
        step({ type: 'highlight', index: action.index });
        return true;
      case 'reject':
        rejectCandidate(action.index);
        return true;
      case 'save':
        saveAndGoOn();
        return true;
      case 'previous':
        step({ type: 'previous' });
        return true;
    }
  }
  useSuggestionKeys(keysEnabled, onKey);

  return (
    <SuggestionReview
      source={source}
      target={target}
      walk={walk}
      suggestions={suggestions.data}
      error={suggestions.error}
      sourceLookup={sourceLookup}
      targetLookup={targetLookup}
      maps={maps}
      relation={relation}
      canEdit={canEdit}
      onToggle={(index) => step({ type: 'toggle', index })}
      onReject={rejectCandidate}
      onSave={saveAndGoOn}
      onPrevious={() => step({ type: 'previous' })}
      onRestart={() => step({ type: 'restart' })}
    />
  );
}

/** The notice of a rejection, with a way to take it back (a rejected pair is never suggested again). */
function RejectedNotice({ name, onUndo }: { name: string; onUndo: () => void }) {
  return (
    <Group gap="xs" wrap="nowrap" justify="space-between" data-testid="suggestion-rejected-notice">
      <Text size="sm">Rejected {name}: never suggested again.</Text>
      <Anchor component="button" type="button" size="sm" onClick={onUndo} data-testid="suggestion-rejected-undo">
        Undo
      </Anchor>
    </Group>
  );
}
