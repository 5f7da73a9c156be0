import { Activity, Suspense, useEffect, useState } from 'react';
import { Route, Routes, useLocation, type Location } from 'react-router';
import type { ResolvedPage } from '../app/routes/pages';
import { touchKeptAlive } from '../app/routes/pages';
import { ProgressFallback } from '../app/progress';
import { PageLoading } from '../app/status';
import { KEEP_ALIVE_MAX } from '../config';
import { PageContent } from '../pages/registry';

/** Spec §2: the router view reloads on this window event (the refresh button sends it). */
export const RELOAD_VIEW_EVENT = 'eip:reload-view';

interface View {
  page: ResolvedPage;
  location: Location;
}

function PageFrame({ view }: { view: View }) {
  return (
    <Routes location={view.location}>
      <Route
        path={view.page.pattern}
        element={<PageContent page={view.page.page} title={view.page.title} />}
      />
    </Routes>
  );
}

/**
 * The current page, and the kept-alive ones mounted but hidden (React Activity), at most KEEP_ALIVE_MAX.
 */
export function PageView({ page }: { page: ResolvedPage }) {
  const location = useLocation();
  const [kept, setKept] = useState<{ keys: string[]; views: Record<string, View> }>({ keys: [], views: {} });
  const [reloads, setReloads] = useState<Record<string, number>>({});

  // Adjusting state while rendering: the current kept-alive page joins the list before it is shown.
  const key = page.path;
  if (page.keepAlive && (kept.keys.at(-1) !== key || kept.views[key]?.location !== location)) {
    const keys = touchKeptAlive(kept.keys, key, KEEP_ALIVE_MAX);
    const views: Record<string, View> = {};
    for (const k of keys) views[k] = k === key ? { page, location } : kept.views[k]!;
    setKept({ keys, views });
  }

  useEffect(() => {
    const reload = () => setReloads((counts) => ({ ...counts, [key]: (counts[key] ?? 0) + 1 }));
    window.addEventListener(RELOAD_VIEW_EVENT, reload);
    return () => window.removeEventListener(RELOAD_VIEW_EVENT, reload);
  }, [key]);

  const keys = kept.keys.includes(key) ? kept.keys : [...kept.keys, key];
  return (
    <Suspense
      fallback={
        <>
          <ProgressFallback />
          <PageLoading />
        </>
      }
    >
      {keys.map((k) => (
        <Activity key={`${k}#${reloads[k] ?? 0}`} mode={k === key ? 'visible' : 'hidden'}>
          <PageFrame view={k === key ? { page, location } : kept.views[k]!} />
        </Activity>
      ))}
    </Suspense>
  );
}
