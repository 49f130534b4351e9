import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { similarEntriesQueryOptions } from '../api/get-similar-entries';

/**
 * How long an entry stays on screen before its similar entries are asked for: after its paint,
 * and long enough that paging through entries by arrow asks nothing for those passed over.
 */
const askAfterMs = 120;

/**
 * The set's unmapped entries most like the one on screen (issue 29), asked for only once that
 * entry has been painted: the list never holds back the next entry, and entries the reviewer
 * only passes over cost no request.
 */
export function useSimilarEntries(setId: string, string: string) {
  const [shown, setShown] = useState<string | null>(null);
  useEffect(() => {
    let timer: number | undefined;
    const frame = window.requestAnimationFrame(() => {
      timer = window.setTimeout(() => setShown(string), askAfterMs);
    });
    return () => {
      window.cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [string]);
  return useQuery({ ...similarEntriesQueryOptions(setId, string), enabled: shown === string });
}
