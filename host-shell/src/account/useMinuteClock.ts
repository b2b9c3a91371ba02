import { useEffect, useState } from 'react';

/** Re-renders the caller every minute (for states that change when a moment passes, like an expiry). */
export function useMinuteClock(): void {
  const [, setTick] = useState(0);
  useEffect(() => {
    const handle = setInterval(() => setTick((n) => n + 1), 60_000);
    return () => clearInterval(handle);
  }, []);
}
