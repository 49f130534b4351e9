import { bestConfidence } from '@og/shared/contracts/prediction-reading';
import type { MappingSaved, PredictionEntryAnswer, PredictionSetCount, SaveMappingRequest, SimilarEntries } from '@og/shared/contracts/predictions';
import { MutationObserver, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../../lib/api-client';
import { hideReviewSuccess, notifyReview } from '../../../../lib/notify';
import { optimisticEditOptions } from '../../../../lib/optimistic-edit';
import { predictionSetKeys, type ReviewScope } from '../../../../lib/prediction-sets/prediction-set-keys';
import { entryQueryOptions } from '../api/get-entry';
import { similarEntriesKeys } from '../api/get-similar-entries';
import { saveMapping } from '../api/save-mapping';
import { undoMappingBatch } from '../api/undo-mapping-batch';
import { BatchNotice } from '../components/batch-saved-notice';
import { mappingConflicts, unsavedDrafts } from '../mapping-conflicts';
import { entryStringOf, type ReviewAddress, reviewBasePath, reviewEntryPath } from '../review-address';
import { chosenCount, type ReviewDraft } from '../review-draft';
import { nextPastTicked } from '../ticked-entries';
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

/** Takes the saved entries out of every cached 'Similar entries' list of the set: they are mapped now. */
function dropFromSimilarLists(queryClient: QueryClient, setId: string, strings: readonly string[]) {
  const saved = new Set(strings);
  queryClient.setQueriesData<SimilarEntries>({ queryKey: similarEntriesKeys.set(setId) }, (list) =>
    list && list.entries.some((entry) => saved.has(entry.string)) ? { entries: list.entries.filter((entry) => !saved.has(entry.string)) } : list,
  );
  // A list on its way was read before the save: it is read again.
  void queryClient.invalidateQueries({ queryKey: similarEntriesKeys.set(setId), predicate: (query) => query.state.fetchStatus === 'fetching' });
}

/** The entry to show after a save: its next, past the entries ticked beside it (through those read ahead). */
function nextAfterSave(queryClient: QueryClient, input: SaveEntryInput): string | null | undefined {
  return nextPastTicked(input.entry.next, input.alsoStrings ?? [], (string) =>
    queryClient.getQueryData<PredictionEntryAnswer>(predictionSetKeys.entry(input.setId, string, input.scope))?.predictionEntry.next,
  );
}

export interface SaveEntryInput {
  setId: string;
  entry: Entry;
  draft: ReviewDraft;
  scope: ReviewScope;
  address: ReviewAddress;
  search: string;
  /** The entries ticked beside this one (issue 29), mapped the same by the save in one batch. */
  alsoStrings?: readonly string[];
}

/**
 * 'Save (N) and next' (SPEC §4), optimistic: the mapping is written into the cache, the count
 * moves and the next entry (read ahead) is shown at once; the save goes out meanwhile. Its answer
 * brings the notice 'Mapping saved' / 'Mapped {string} to N URI(s)' (bottom left, 10 s), with
 * 'Also map N entries with the same title' when the API reports them. A failure rolls the cache
 * back, keeps the draft for when the reviewer returns, and says 'Error saving mapping'; a 409
 * opens the conflict with the other reviewer's choice.
 *
 * With entries ticked beside it (issue 29) the save maps them the same in one batch: the next
 * entry shown is the first one not ticked, the ticked entries' reads, the counts and coverage are
 * read again, and the notice says how many were mapped ('Mapped 4 entries to 1 URI(s)') with
 * 'Undo', which gives the batch back its mappings from before.
 */
export function useSaveEntry() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  /** Where each save moved on to at once (undefined: not yet known, so after its answer). */
  const [movedOn] = useState(() => new WeakMap<SaveEntryInput, string | null | undefined>());

  const send = useCallback(
    async (input: SaveEntryInput, options: { version: number; propagate: boolean; alsoStrings: readonly string[] }): Promise<MappingSaved> => {
      const { setId, entry, draft, scope } = input;
      const request: SaveMappingRequest = {
        mappings: { treeNodes: draft.treeNodes, nodeURIs: draft.nodeURIs, predictionURIs: draft.predictionURIs, tags: draft.tags },
        nodeDetails: nodeDetailsOf(draft),
        version: options.version,
        propagate: options.propagate,
        alsoStrings: [...options.alsoStrings],
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
      send(input, { version, propagate: true, alsoStrings: [] }).then(
        (saved) => notifyReview({ title: 'Mapping saved', color: 'teal', message: `Also mapped ${saved.propagated} ${saved.propagated === 1 ? 'entry' : 'entries'} with the same title as ${input.entry.string}` }),
        (error: unknown) => failed(input, error),
      );
    },
    [send, failed],
  );

  /** Everything a batch changed is read again: the entries (theirs and their neighbours'), the counts under every threshold, the coverage and the similar entries. */
  const refreshAfterBatch = useCallback(
    (setId: string) => {
      void queryClient.invalidateQueries({ queryKey: predictionSetKeys.entries(setId) });
      void queryClient.invalidateQueries({ queryKey: predictionSetKeys.allCounts(setId) });
      void queryClient.invalidateQueries({ queryKey: predictionSetKeys.coverage(setId) });
      void queryClient.invalidateQueries({ queryKey: similarEntriesKeys.set(setId) });
    },
    [queryClient],
  );

  /** The notice's 'Undo' of a batch save: the saved entry and those ticked beside it get their mappings from before. */
  const undoBatch = useCallback(
    (setId: string, batchId: string) => {
      undoMappingBatch(setId, batchId).then(
        (undone) => {
          notifyReview({ title: 'Batch undone', color: 'teal', message: BatchNotice.undone(undone) });
          refreshAfterBatch(setId);
        },
        (error: unknown) => notifyReview({ title: 'Error undoing the batch', color: 'red', message: error instanceof Error ? error.message : String(error) }),
      );
    },
    [refreshAfterBatch],
  );

  const options = {
    ...optimisticEditOptions<MappingSaved, SaveEntryInput, PredictionEntryAnswer>(queryClient, {
      request: (input) => send(input, { version: input.entry.version, propagate: false, alsoStrings: input.alsoStrings ?? [] }),
      reads: ({ setId, entry }) => ({ queryKey: predictionSetKeys.entryReads(setId, entry.string) }),
      change: (answer, { draft }) => withMapping(answer, draft),
      onChanged: (input) => {
        const { setId, entry, draft, address, search, scope } = input;
        // An entry whose predictions give no confidence is below any threshold.
        const bestConf = bestConfidence(entry.predictions);
        if (bestConf < scope.threshold) shiftCachedCounts(queryClient, setId, scope.threshold, Number(chosenCount(draft) > 0) - Number(chosenCount(entry.mappings) > 0));
        unsavedDrafts.drop(setId, entry.string);
        // The next entry, read ahead, at once. At the end of the scope the first one left (or SPEC §8's
        // summary) is asked for once the save is in, so the answer cannot be the entry just saved.
        const next = nextAfterSave(queryClient, input);
        movedOn.set(input, next);
        if (next) void navigate(`${reviewEntryPath(address, next)}${search}`, { flushSync: true });
      },
      onSuccess: (saved, input) => {
        const { setId, entry, draft, address, search, scope } = input;
        const alsoStrings = input.alsoStrings ?? [];
        // The first entry of the scope may have been this one: read it again when asked.
        queryClient.removeQueries({ queryKey: predictionSetKeys.entry(setId, null, scope), exact: true });
        dropFromSimilarLists(queryClient, setId, [entry.string, ...alsoStrings]);
        const next = movedOn.get(input);
        if (next === null) void navigate(`${reviewBasePath(address)}${search}`);
        if (next === undefined) {
          // A ticked entry's next was not read ahead: the saved entry, read again, names the next one left.
          void queryClient.fetchQuery({ ...entryQueryOptions(setId, entry.string, scope), staleTime: 0 }).then(
            (answer) => answer.predictionEntry.next,
            () => null,
          ).then((after) => {
            if (entryStringOf(address, window.location.pathname, undefined) !== entry.string) return;
            void navigate(`${after === null ? reviewBasePath(address) : reviewEntryPath(address, after)}${search}`);
          });
        }
        const uriCount = chosenCount(draft);
        if (alsoStrings.length > 0) {
          refreshAfterBatch(setId);
          const mapped = saved.mapped ?? 1 + alsoStrings.length;
          const batchId = saved.batchId;
          notifyReview({
            title: 'Mapping saved',
            color: 'teal',
            message: BatchNotice.saved(
              mapped,
              uriCount,
              batchId
                ? () => {
                    hideReviewSuccess();
                    undoBatch(setId, batchId);
                  }
                : null,
            ),
          });
          return;
        }
        notifyReview({
          title: 'Mapping saved',
          color: 'teal',
          message: SavedNotice.saved(entry.string, uriCount, uriCount > 0 ? saved.sameTitle : 0, () => {
            hideReviewSuccess();
            propagate(input, saved.version);
          }),
        });
      },
      onError: (error, input) => failed(input, error),
    }),
    // Saves are not held back while the browser thinks it is offline: one fails at once, so the draft is kept and the reviewer told.
    networkMode: 'always' as const,
  };
  // The save is observed, not subscribed to: nothing on screen follows its pending state, so its
  // state changes (pending, saved) draw nothing; the screen moves with the cache it writes.
  const [observer] = useState(() => new MutationObserver(queryClient, options));
  useEffect(() => observer.setOptions(options));
  return useCallback(
    (input: SaveEntryInput) => {
      // A failure is handled by the options' onError; the promise's rejection is not an unhandled one.
      observer.mutate(input).catch(() => undefined);
    },
    [observer],
  );
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
