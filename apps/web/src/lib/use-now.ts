import { useEffect, useState } from 'react';

/** The current time, refreshed every `intervalMs`, so time-relative labels roll over (e.g. at midnight). */
export function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
