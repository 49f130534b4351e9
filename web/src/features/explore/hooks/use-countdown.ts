import { useEffect, useState } from 'react';

/** Whole seconds left until `until` (ms since the epoch), counting down each second; 0 once passed or when null. */
export function useCountdown(until: number | null): number {
  const left = () => (until === null ? 0 : Math.max(0, Math.ceil((until - Date.now()) / 1000)));
  const [seconds, setSeconds] = useState(left);
  const [countingTo, setCountingTo] = useState(until);
  if (countingTo !== until) {
    setCountingTo(until);
    setSeconds(left());
  }
  useEffect(() => {
    if (until === null) return;
    const timer = window.setInterval(() => {
      const remaining = Math.max(0, Math.ceil((until - Date.now()) / 1000));
      setSeconds(remaining);
      if (remaining === 0) window.clearInterval(timer);
    }, 250);
    return () => window.clearInterval(timer);
  }, [until]);
  return seconds;
}
