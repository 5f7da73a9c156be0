import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { envelope, stubFetch } from '../test/fetch';
import { signInWith } from '../test/session';
import { AppProviders } from './providers';
import { createQueryClient } from './queryClient';
import { AppRoutes } from './router';

const renderApp = (path: string) =>
  render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );

describe('/loading (spec §2)', () => {
  it('shows a loading page titled 正在加载 to a signed-in user', async () => {
    signInWith('token');
    renderApp('/loading');
    // The route's code arrives lazily and its fallback looks alike, so wait for the page's own title first.
    await waitFor(() => expect(document.title).toBe('正在加载 - EIP 门户'), { timeout: 5000 });
    const main = screen.getByRole('main');
    expect(main.textContent).toBe('加载中…');
    expect(main.querySelector('.ant-spin-spinning')).not.toBeNull();
  });

  it('is not open without sign-in: a visitor goes to /login', async () => {
    stubFetch(() => envelope(null, { code: 404, status: 404, message: '租户不存在' }));
    renderApp('/loading');
    expect(await screen.findByLabelText('账号', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText('加载中…')).toBeNull();
  });
});
