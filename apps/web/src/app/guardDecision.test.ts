import { describe, expect, it } from 'vitest';
import { decideGuard, safeRedirect, stripQuery, type GuardInput } from './guardDecision';

const input = (extra: Partial<GuardInput>): GuardInput => ({
  pathname: '/index',
  search: '',
  signedIn: false,
  authMode: 'password',
  ssoUrl: '',
  appUrl: 'https://eip.example/eipFront',
  landing: '/index',
  ...extra,
});

describe('spec §2 route guard decisions', () => {
  it.each(['/login', '/login/acme', '/404', '/401', '/500'])('%s is open without sign-in', (pathname) => {
    expect(decideGuard(input({ pathname }))).toEqual({ kind: 'allow' });
  });

  it('sends a visitor to /login with redirect = the page, none for the landing page', () => {
    expect(decideGuard(input({ pathname: '/matter/myTask', search: '?a=1' }))).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Fmatter%2FmyTask%3Fa%3D1',
    });
    expect(decideGuard(input({ pathname: '/index' }))).toEqual({ kind: 'redirect', to: '/login' });
    expect(decideGuard(input({ pathname: '/403' }))).toMatchObject({ kind: 'redirect' });
  });

  it('sends a signed-in user visiting /login to / (or the safe redirect target)', () => {
    expect(decideGuard(input({ pathname: '/login', signedIn: true }))).toEqual({ kind: 'redirect', to: '/' });
    expect(
      decideGuard(input({ pathname: '/login/acme', search: '?redirect=%2Fmail', signedIn: true })),
    ).toEqual({
      kind: 'redirect',
      to: '/mail',
    });
    expect(
      decideGuard(input({ pathname: '/login', search: '?redirect=//evil.example', signedIn: true })),
    ).toEqual({
      kind: 'redirect',
      to: '/',
    });
  });

  it('a token in the query authenticates, and the address goes on without it', () => {
    expect(
      decideGuard(input({ pathname: '/matter/myTask', search: '?token=abc&x=1&fullscreen=true' })),
    ).toEqual({
      kind: 'tokenSignIn',
      token: 'abc',
      next: '/matter/myTask?x=1',
    });
  });

  it('cas mode sends a visitor to the sign-on address with the service, and takes the ticket back', () => {
    const cas = { authMode: 'cas' as const, ssoUrl: 'https://sso.example/login' };
    expect(decideGuard(input({ ...cas, pathname: '/mail' }))).toEqual({
      kind: 'ssoLeave',
      url: 'https://sso.example/login?service=https%3A%2F%2Feip.example%2FeipFront%2Fmail',
      next: '/mail',
    });
    expect(decideGuard(input({ ...cas, pathname: '/mail', search: '?ticket=T-1' }))).toEqual({
      kind: 'ssoReturn',
      mode: 'cas',
      returned: { ticket: 'T-1' },
      service: 'https://eip.example/eipFront/mail',
      next: '/mail',
    });
  });

  it('oauth mode returns with a code and its state and issuer, the page keeping its own query', () => {
    expect(
      decideGuard(
        input({
          authMode: 'oauth',
          ssoUrl: '/auth/sso/authorize',
          search: '?tab=1&code=C1&state=S1&iss=https%3A%2F%2Fid.example&session_state=x',
        }),
      ),
    ).toEqual({
      kind: 'ssoReturn',
      mode: 'oauth',
      returned: { code: 'C1', state: 'S1', iss: 'https://id.example' },
      service: 'https://eip.example/eipFront/index?tab=1',
      next: '/index?tab=1',
    });
    expect(
      decideGuard(input({ authMode: 'oauth', ssoUrl: 'https://sso.example/authorize?client=eip' })),
    ).toMatchObject({
      kind: 'ssoLeave',
      url: expect.stringMatching(/^https:\/\/sso\.example\/authorize\?client=eip&service=/),
    });
  });

  it('spec §8: an oauth provider that refused (error, no code) leads to /500, not back to the provider', () => {
    expect(
      decideGuard(
        input({ authMode: 'oauth', ssoUrl: '/auth/sso/authorize', search: '?error=access_denied&state=S1' }),
      ),
    ).toEqual({ kind: 'redirect', to: '/500' });
  });

  it.each([
    ['cas', '?ticket=T-1'],
    ['oauth', '?code=C1'],
  ] as const)(
    '%s: a signed-in user’s %s is ignored like the other mode’s, the page opens',
    (authMode, search) => {
      const sso = { authMode, ssoUrl: 'https://sso.example/login', pathname: '/mail', search };
      expect(decideGuard(input({ ...sso, signedIn: true }))).toEqual({ kind: 'allow' });
      expect(decideGuard(input({ ...sso, signedIn: false }))).toMatchObject({
        kind: 'ssoReturn',
        mode: authMode,
      });
    },
  );

  it('waits for the server to tell the mode only where the decision depends on it (issue 14)', () => {
    const unknown = { authMode: null, ssoUrl: '' };
    expect(decideGuard(input({ ...unknown, pathname: '/mail' }))).toEqual({ kind: 'wait' });
    expect(decideGuard(input({ ...unknown, pathname: '/mail', search: '?ticket=T-1' }))).toEqual({
      kind: 'wait',
    });
    // the login page and signed-in users never wait
    expect(decideGuard(input({ ...unknown, pathname: '/login' }))).toEqual({ kind: 'allow' });
    expect(decideGuard(input({ ...unknown, pathname: '/mail', signedIn: true }))).toEqual({ kind: 'allow' });
    expect(decideGuard(input({ ...unknown, pathname: '/mail', search: '?token=abc' }))).toMatchObject({
      kind: 'tokenSignIn',
    });
  });

  it('short links /surl/... are resolved whether signed in or not', () => {
    expect(decideGuard(input({ pathname: '/surl/Ab12' }))).toEqual({ kind: 'shortLink', code: 'Ab12' });
    expect(decideGuard(input({ pathname: '/surl/Ab12', signedIn: true }))).toEqual({
      kind: 'shortLink',
      code: 'Ab12',
    });
  });

  it('strips the full-screen, token, ticket and code query keys and keeps the rest', () => {
    expect(stripQuery('/a', '?fullscreen=true&token=t&ticket=x&code=c&id=7')).toBe('/a?id=7');
    expect(stripQuery('/a', '?token=t')).toBe('/a');
  });

  it('follows only redirect targets inside the app', () => {
    expect(safeRedirect('/index?x=1')).toBe('/index?x=1');
    for (const target of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '',
      null,
    ]) {
      expect(safeRedirect(target)).toBeNull();
    }
  });
});
