import { useEffect, useState } from 'react';

/** How long a form must rest before what depends on its data is asked again. */
const SETTLE_MS = 400;

/** The value once it has stopped changing for SETTLE_MS: a form's data for the engine's answers about it. */
export function useSettled<T>(value: T): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}
