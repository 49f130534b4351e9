import { bestConfidence } from '@og/shared/contracts/prediction-reading';
import type { MappingSaved, PredictionEntryAnswer, PredictionSetCount, SaveMappingRequest } from '@og/shared/contracts/predictions';
import { notifications } from '@mantine/notifications';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../../lib/api-client';
import { notifyReview } from '../../../../lib/notify';
import { optimisticEditOptions } from '../../../../lib/optimistic-edit';
import { predictionSetKeys, type ReviewScope } from '../../../../lib/prediction-sets/prediction-set-keys';
import { saveMapping } from '../api/save-mapping';
import { mappingConflicts, unsavedDrafts } from '../mapping-conflicts';
import { type ReviewAddress, reviewBasePath, reviewEntryPath } from '../review-address';
import { chosenCount, type ReviewDraft } from '../review-draft';
import { SavedNotice } from '../components/saved-notice';

type Entry = PredictionEntryAnswer['predictionEntry'];

/** The details of the draft's tree nodes, by `scheme:value`, as a save sends them and an entry's answer holds them. */
function nodeDetailsOf(draft: ReviewDraft) {
  return Object.fromEntries(draft.treeNodes.map((node) => [`${node.scheme}:${node.codeValue}`, { name: node.name, codeValue: node.codeValue, description: node.description ?? null }]));
}

/** An entry's answer with a mapping written in (and the version the save answered, once known). */
function withMapping(answer: PredictionEntryAnswer, draft: ReviewDraft, version?: number): PredictionEntryAnswer {
  return {
    nodeDetails: { ...answer.nodeDetails, ...nodeDetailsOf(draft) },
    predictionEntry: { ...answer.predictionEntry, mappings: { ...draft }, version: version ?? answer.predictionEntry.version },
  };
}

/** Writes a saved mapping, with its version, into every cached read of the entry. */
function writeCachedMapping(queryClient: QueryClient, setId: string, string: string, draft: ReviewDraft, version: number) {
  queryClient.setQueriesData<PredictionEntryAnswer>({ queryKey: predictionSetKeys.entryReads(setId, string) }, (answer) => answer && withMapping(answer, draft, version));
}

/** SPEC §4: saving counts the entry as mapped (by one), at once, under the threshold it is below; the answer's count then stands. */
function shiftCachedCounts(queryClient: QueryClient, setId: string, threshold: number, delta: number) {
  if (delta === 0) return;
  queryClient.setQueryData<PredictionSetCount>(predictionSetKeys.counts(setId, threshold), (counts) =>
    counts ? { ...counts, mappedCount: Math.max(0, counts.mappedCount + delta) } : counts,
  );
}

export interface SaveEntryInput {
  setId: string;
  entry: Entry;
  draft: ReviewDraft;
  scope: ReviewScope;
  address: ReviewAddress;
  search: string;
}

/**
 * 'Save (N) and next' (SPEC §4), optimistic: the mapping is written into the cache, the count
 * moves and the next entry (read ahead) is shown at once; the save goes out meanwhile. Its answer
 * brings the notice 'Mapping saved' / 'Mapped {string} to N URI(s)' (bottom left, 10 s), with
 * 'Also map N entries with the same title' when the API reports them. A failure rolls the cache
 * back, keeps the draft for when the reviewer returns, and says 'Error saving mapping'; a 409
 * opens the conflict with the other reviewer's choice.
 */
export function useSaveEntry() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const send = useCallback(
    async (input: SaveEntryInput, options: { version: number; propagate: boolean }): Promise<MappingSaved> => {
      const { setId, entry, draft, scope } = input;
      const request: SaveMappingRequest = {
        mappings: { treeNodes: draft.treeNodes, nodeURIs: draft.nodeURIs, predictionURIs: draft.predictionURIs, tags: draft.tags },
        nodeDetails: nodeDetailsOf(draft),
        version: options.version,
        propagate: options.propagate,
      };
      const saved = await saveMapping(setId, entry.string, request, scope);
      writeCachedMapping(queryClient, setId, entry.string, draft, saved.version);
      queryClient.setQueryData<PredictionSetCount>(predictionSetKeys.counts(setId, scope.threshold), (counts) => (counts ? { ...counts, mappedCount: saved.mappedCount } : counts));
      return saved;
    },
    [queryClient],
  );

  const failed = useCallback(
    (input: SaveEntryInput, error: unknown) => {
      const { setId, entry, draft, address, search } = input;
      unsavedDrafts.keep(setId, entry.string, draft);
      void queryClient.invalidateQueries({ queryKey: predictionSetKeys.allCounts(setId) });
      const current = error instanceof ApiError && error.status === 409 ? (error.details as { current?: { nodeURIs: string[]; predictionURIs: string[]; tags: string[]; version: number } } | undefined)?.current : undefined;
      if (current) {
        mappingConflicts.open({ setId, string: entry.string, theirs: { ...current, tags: current.tags as ReviewDraft['tags'] }, mine: draft });
        return;
      }
      notifyReview({
        title: 'Error saving mapping',
        color: 'red',
        message: SavedNotice.failed(error instanceof Error ? error.message : String(error), entry.string, () => void navigate(`${reviewEntryPath(address, entry.string)}${search}`)),
      });
    },
    [queryClient, navigate],
  );

  /** Sends again with `propagate`, from the notice's 'Also map N entries with the same title'. */
  const propagate = useCallback(
    (input: SaveEntryInput, version: number) => {
      send(input, { version, propagate: true }).then(
        (saved) => notifyReview({ title: 'Mapping saved', color: 'teal', message: `Also mapped ${saved.propagated} ${saved.propagated === 1 ? 'entry' : 'entries'} with the same title as ${input.entry.string}` }),
        (error: unknown) => failed(input, error),
      );
    },
    [send, failed],
  );

  const save = useMutation({
    ...optimisticEditOptions<MappingSaved, SaveEntryInput, PredictionEntryAnswer>(queryClient, {
      request: (input) => send(input, { version: input.entry.version, propagate: false }),
      reads: ({ setId, entry }) => ({ queryKey: predictionSetKeys.entryReads(setId, entry.string) }),
      change: (answer, { draft }) => withMapping(answer, draft),
      onChanged: ({ setId, entry, draft, address, search, scope }) => {
        // An entry whose predictions give no confidence is below any threshold.
        const bestConf = bestConfidence(entry.predictions);
        if (bestConf < scope.threshold) shiftCachedCounts(queryClient, setId, scope.threshold, Number(chosenCount(draft) > 0) - Number(chosenCount(entry.mappings) > 0));
        unsavedDrafts.drop(setId, entry.string);
        // The next entry, read ahead, at once. At the end of the scope the first one left (or SPEC §8's
        // summary) is asked for once the save is in, so the answer cannot be the entry just saved.
        if (entry.next !== null) void navigate(`${reviewEntryPath(address, entry.next)}${search}`);
      },
      onSuccess: (saved, input) => {
        const { setId, entry, draft, address, search, scope } = input;
        // The first entry of the scope may have been this one: read it again when asked.
        queryClient.removeQueries({ queryKey: predictionSetKeys.entry(setId, null, scope), exact: true });
        if (entry.next === null) void navigate(`${reviewBasePath(address)}${search}`);
        const id = `mapping-saved-${setId}-${entry.string}`;
        const uriCount = chosenCount(draft);
        notifyReview({
          id,
          title: 'Mapping saved',
          color: 'teal',
          message: SavedNotice.saved(entry.string, uriCount, uriCount > 0 ? saved.sameTitle : 0, () => {
            notifications.hide(id);
            propagate(input, saved.version);
          }),
        });
      },
      onError: (error, input) => failed(input, error),
    }),
    // Saves are not held back while the browser thinks it is offline: one fails at once, so the draft is kept and the reviewer told.
    networkMode: 'always',
  });
  return save.mutate;
}

/** After a conflict: save mine over theirs (their version now read), or take theirs. */
export function useResolveConflict() {
  const queryClient = useQueryClient();
  return useCallback(
    async (choice: 'mine' | 'theirs', input: { setId: string; string: string; scope: ReviewScope; mine: ReviewDraft; theirs: { version: number } }) => {
      unsavedDrafts.drop(input.setId, input.string);
      if (choice === 'theirs') {
        await queryClient.invalidateQueries({ queryKey: predictionSetKeys.entryReads(input.setId, input.string) });
        return null;
      }
      const request: SaveMappingRequest = {
        mappings: { ...input.mine },
        nodeDetails: {},
        version: input.theirs.version,
        propagate: false,
      };
      const saved = await saveMapping(input.setId, input.string, request, input.scope);
      writeCachedMapping(queryClient, input.setId, input.string, input.mine, saved.version);
      void queryClient.invalidateQueries({ queryKey: predictionSetKeys.allCounts(input.setId) });
      return saved;
    },
    [queryClient],
  );
}
