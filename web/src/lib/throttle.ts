/**
 * A function that runs `run` at most once per `ms`: the first call at once, the calls within the
 * window after it folded into one run at the window's end. `cancel` drops a run still waiting.
 */
export function throttle(run: () => void, ms: number): { (): void; cancel: () => void } {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const fire = () => {
    timer = null;
    last = Date.now();
    run();
  };
  const throttled = () => {
    if (timer !== null) return;
    const wait = last + ms - Date.now();
    if (wait <= 0) fire();
    else timer = setTimeout(fire, wait);
  };
  throttled.cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  return throttled;
}
