import { act, fireEvent, render, screen } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLoadingOverlay } from '../stores/loadingOverlay';
import { createQueryClient } from './queryClient';
import { CHUNK_RELOAD_KEY, ChunkLoadError, lazyNamed, loadChunk } from './lazy';
import { page } from './navigation';
import { AppProviders } from './providers';
import { EmbeddedBrowserNotice, LoadingOverlay, PageError, PageLoading } from './status';

const renderInApp = (children: ReactNode) =>
  render(<AppProviders queryClient={createQueryClient()}>{children}</AppProviders>);

/** A lazily loaded page inside the app's error boundary, as App renders its routes. */
function renderLazy(load: () => Promise<{ Page: () => ReactNode }>) {
  const Page = lazyNamed(load, 'Page');
  return renderInApp(
    <PageError>
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    </PageError>,
  );
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  useLoadingOverlay.setState({ pending: 0 });
});

describe('chunk loading (spec §8, §9: ChunkLoadError after 120000 ms)', () => {
  it('a page whose code does not arrive within 120 s shows a clear error with a reload button', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => undefined);
    renderLazy(() => new Promise(() => undefined));
    expect(screen.getByRole('status').textContent).toContain('加载中');
    await act(() => vi.advanceTimersByTimeAsync(119_999));
    expect(screen.queryByRole('alert')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('页面出错了');
    expect(alert.textContent).toContain('页面资源加载超时（120 秒），请重新加载页面');
    fireEvent.click(screen.getByRole('button', { name: /重新加载/ }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a page whose code fails to load reloads the page once (a new deploy), then raises a ChunkLoadError', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => undefined);
    const failure = new TypeError('Failed to fetch dynamically imported module');
    // the first failure reloads, once: the new index.html names the new chunks; the load stays pending
    let settled = false;
    void loadChunk(() => Promise.reject(failure)).finally(() => (settled = true));
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBeTruthy();
    expect(settled).toBe(false);
    // failing again after that reload is real: shown, never reloaded in a loop
    await expect(loadChunk(() => Promise.reject(failure))).rejects.toMatchObject({
      name: 'ChunkLoadError',
      message: '页面资源加载失败，请重新加载页面',
      cause: failure,
    });
    await expect(loadChunk(() => Promise.reject(failure))).rejects.toBeInstanceOf(ChunkLoadError);
    renderLazy(() => Promise.reject(failure));
    expect((await screen.findByRole('alert')).textContent).toContain('页面资源加载失败，请重新加载页面');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a page preloaded before its first render shows at once, without a loading state', async () => {
    const Page = lazyNamed(() => Promise.resolve({ Page: () => <p>preloaded page</p> }), 'Page');
    await Page.preload();
    renderInApp(<Page />);
    expect(screen.getByText('preloaded page')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('a page that loads in time shows, and no timer is left behind', async () => {
    vi.useFakeTimers();
    renderLazy(() => Promise.resolve({ Page: () => <p>loaded page</p> }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('loaded page')).toBeTruthy();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('loading overlay (spec §9: urls containing doEdit)', () => {
  it('covers the page while its calls run', () => {
    renderInApp(<LoadingOverlay />);
    expect(screen.queryByRole('status')).toBeNull();
    act(() => useLoadingOverlay.setState({ pending: 1 }));
    const overlay = screen.getByRole('status');
    expect(overlay.getAttribute('aria-busy')).toBe('true');
    expect(overlay.textContent).toBe('加载中…');
    expect(overlay.style.position).toBe('fixed');
    act(() => useLoadingOverlay.setState({ pending: 0 }));
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('the 掘金 notice (spec §1)', () => {
  it('shows in the Juejin in-app browser only, with no way to close it', () => {
    const agent = vi.spyOn(navigator, 'userAgent', 'get');
    agent.mockReturnValue('Mozilla/5.0 Chrome/120 Safari/537.36');
    const { unmount } = renderInApp(<EmbeddedBrowserNotice />);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    unmount();
    agent.mockReturnValue('Mozilla/5.0 (iPhone) AppleWebKit/605 Mobile Juejin/6.5');
    renderInApp(<EmbeddedBrowserNotice />);
    const notice = screen.getByRole('alertdialog', { name: '温馨提示' });
    expect(notice.textContent).toContain('不支持在掘金内置浏览器演示，请更换其他浏览器。');
    expect(notice.querySelector('button')).toBeNull();
  });
});
