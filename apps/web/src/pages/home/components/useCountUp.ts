import { countUpOptions, formatCountUpValue, type CountUpOptions } from '@eip/contracts/utils';
import { useEffect, useRef, useState } from 'react';

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Ease-out: fast at first, settling on the value. */
const easeOut = (progress: number) => 1 - (1 - progress) ** 3;

/**
 * A number counting up to `value` (spec §9: 3000 ms, comma separator; spec §5: decimals ≥ 0), as the
 * text to show: from 0 at first, from the number shown when the value changes. With reduced motion asked
 * for, the value shows at once.
 */
export function useCountUp(value: number, overrides: Partial<CountUpOptions> = {}): string {
  const options = countUpOptions(overrides);
  const { duration } = options;
  const animate = duration > 0 && !prefersReducedMotion();
  const [shown, setShown] = useState(0);
  const shownRef = useRef(0);
  useEffect(() => {
    if (!animate) return;
    const from = shownRef.current;
    const start = performance.now();
    let frame = 0;
    const step = (now: number) => {
      const progress = Math.min(1, (now - start) / duration);
      shownRef.current = from + (value - from) * easeOut(progress);
      setShown(shownRef.current);
      if (progress < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [value, duration, animate]);
  return formatCountUpValue(animate ? shown : value, options);
}
