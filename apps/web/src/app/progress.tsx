import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { PROGRESS_SPEED_MS } from '../config';

/**
 * A thin bar at the top of the page while a navigation is under way (spec §2, §9: speed 500 ms). Every
 * start is paired with a done; the bar completes when the last one is done.
 */
let pending = 0;
let bar: HTMLDivElement | null = null;
let hideTimer: ReturnType<typeof setTimeout> | undefined;

function element(): HTMLDivElement {
  if (bar?.isConnected) return bar;
  bar = document.createElement('div');
  bar.className = 'eip-progress';
  bar.setAttribute('aria-hidden', 'true');
  Object.assign(bar.style, {
    position: 'fixed',
    top: '0',
    left: '0',
    height: '2px',
    width: '0',
    zIndex: '3000',
    background: 'var(--eip-primary, #2F54EB)',
    transition: `width ${PROGRESS_SPEED_MS}ms ease, opacity ${PROGRESS_SPEED_MS}ms ease`,
    opacity: '0',
    pointerEvents: 'none',
  });
  document.body.appendChild(bar);
  return bar;
}

export const progress = {
  start(): void {
    pending += 1;
    clearTimeout(hideTimer);
    const el = element();
    el.style.opacity = '1';
    el.style.width = '80%';
  },
  done(): void {
    pending = Math.max(0, pending - 1);
    if (pending > 0) return;
    const el = element();
    el.style.width = '100%';
    hideTimer = setTimeout(() => {
      el.style.opacity = '0';
      el.style.width = '0';
    }, PROGRESS_SPEED_MS);
  },
};

/** Runs the bar on every change of page. */
export function NavigationProgress() {
  const { pathname } = useLocation();
  useEffect(() => {
    progress.start();
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      progress.done();
    };
    const timer = setTimeout(finish, PROGRESS_SPEED_MS);
    return () => {
      clearTimeout(timer);
      finish();
    };
  }, [pathname]);
  return null;
}

/** A Suspense fallback that keeps the bar running while a page's code loads. */
export function ProgressFallback() {
  useEffect(() => {
    progress.start();
    return progress.done;
  }, []);
  return null;
}
