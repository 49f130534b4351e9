import { useCallback, useState } from 'react';
import { noTicks, tickAllShown, type TickedEntries, tickedBeside, toggleTick } from '../ticked-entries';

/** The entries ticked beside the one on screen (issue 29); another entry starts with none. */
export function useTickedEntries(entry: string | null) {
  const [ticks, setTicks] = useState<TickedEntries>(noTicks);
  // Moving to another entry drops the ticks (coming back to this one does not bring them back).
  if (ticks.entry !== null && ticks.entry !== entry) setTicks(noTicks);
  const ticked = tickedBeside(ticks, entry);
  const toggle = useCallback((string: string) => {
    if (entry !== null) setTicks((current) => toggleTick(current, entry, string));
  }, [entry]);
  const tickAll = useCallback((shown: readonly string[]) => {
    if (entry !== null) setTicks((current) => tickAllShown(current, entry, shown));
  }, [entry]);
  const clear = useCallback(() => setTicks(noTicks), []);
  return { ticked, toggle, tickAll, clear };
}
