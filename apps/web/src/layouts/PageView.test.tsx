import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate, type NavigateFunction } from 'react-router';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/queryClient';
import type { ResolvedPage } from '../app/routes/pages';
import { KEEP_ALIVE_MAX } from '../config';
import { PageView, RELOAD_VIEW_EVENT } from './PageView';

/** A page the registry does not have: it shows the coming-soon page that names it. */
const pageAt = (path: string, keepAlive: boolean): ResolvedPage => ({
  pattern: path,
  path,
  page: `page${path.replaceAll('/', '-')}`,
  title: `title of ${path}`,
  keepAlive,
  bare: false,
  affix: false,
});

let navigate: NavigateFunction = () => undefined;

/** The page view of the address, as the shell shows it: kept-alive pages are those under /kept. */
function CurrentPage() {
  const go = useNavigate();
  useEffect(() => {
    navigate = go;
  }, [go]);
  const { pathname } = useLocation();
  return <PageView page={pageAt(pathname, pathname.startsWith('/kept/'))} />;
}

/** Renders the page view at `path`; answers a function that moves to another address. */
function renderView(path: string) {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <CurrentPage />
      </MemoryRouter>
    </AppProviders>,
  );
  return (to: string) => act(() => void navigate(to));
}

const headings = () => screen.queryAllByRole('heading', { hidden: true }).map((h) => h.textContent);

describe('router view (spec §2)', () => {
  it('reloads the current page on the reload event: its content is mounted afresh', () => {
    renderView('/mail');
    const before = screen.getByRole('heading');
    act(() => void window.dispatchEvent(new Event(RELOAD_VIEW_EVENT)));
    const after = screen.getByRole('heading');
    expect(after.textContent).toBe('「title of /mail」即将上线');
    expect(after).not.toBe(before);
  });

  it(`keeps at most ${KEEP_ALIVE_MAX} kept-alive pages mounted, dropping the least recently shown`, () => {
    const show = renderView('/kept/0');
    const firstHeading = screen.getByRole('heading');
    show('/plain');
    expect(headings()).toEqual(['「title of /kept/0」即将上线', '「title of /plain」即将上线']);
    show('/kept/0');
    expect(screen.getByRole('heading')).toBe(firstHeading);
    for (let i = 1; i <= KEEP_ALIVE_MAX; i++) show(`/kept/${i}`);
    const kept = headings();
    expect(kept).toHaveLength(KEEP_ALIVE_MAX);
    expect(kept).not.toContain('「title of /kept/0」即将上线');
    expect(kept.at(-1)).toBe(`「title of /kept/${KEEP_ALIVE_MAX}」即将上线`);
    show('/kept/0');
    expect(screen.getByRole('heading')).not.toBe(firstHeading);
  });
});
