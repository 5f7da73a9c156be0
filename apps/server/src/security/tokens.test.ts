import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenService } from './tokens.js';

const subject = {
  tenantId: '-1',
  tenantCode: 'platform',
  userId: 'u1',
  account: 'zhangsan',
  passwordVersion: 3,
};

describe('token service', () => {
  afterEach(() => vi.useRealTimers());

  it('reads its own token again and again, until the token expires', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T08:00:00Z'), toFake: ['Date'] });
    const tokens = createTokenService(Buffer.alloc(32, 7), 60);
    const { token } = await tokens.issue(subject);
    expect(await tokens.read(token)).toMatchObject({ userId: 'u1', account: 'zhangsan', passwordVersion: 3 });
    // the second read is answered from the tokens already checked
    expect(await tokens.read(token)).toMatchObject({ userId: 'u1' });
    vi.setSystemTime(new Date('2026-11-23T08:01:01Z'));
    expect(await tokens.read(token)).toBeNull();
    expect(await tokens.read(token)).toBeNull();
  });

  it('refuses a token with a changed payload or signature, also after reading the genuine one', async () => {
    const tokens = createTokenService(Buffer.alloc(32, 7), 60);
    const { token } = await tokens.issue(subject);
    expect(await tokens.read(token)).not.toBeNull();
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'admin' })).toString('base64url');
    expect(await tokens.read(`${header}.${forged}.${signature}`)).toBeNull();
    const flipped = signature!.startsWith('A') ? `B${signature!.slice(1)}` : `A${signature!.slice(1)}`;
    expect(await tokens.read(`${header}.${payload}.${flipped}`)).toBeNull();
  });

  it('refuses a token signed with another key, and a guest token as a user token', async () => {
    const ours = createTokenService(Buffer.alloc(32, 7), 60);
    const theirs = createTokenService(Buffer.alloc(32, 8), 60);
    expect(await ours.read((await theirs.issue(subject)).token)).toBeNull();
    const guest = await ours.issueGuest({ tenantId: '-1', url: '/eipFront/index', sharedBy: '1' }, 60);
    expect(await ours.read(guest.token)).toBeNull();
    expect(await ours.readGuest(guest.token)).toMatchObject({
      scope: 'guest',
      url: '/eipFront/index',
      sharedBy: '1',
    });
    // once its signature is known good, the guest token is still no user token (and the other way round)
    expect(await ours.read(guest.token)).toBeNull();
    const user = await ours.issue(subject);
    expect(await ours.read(user.token)).not.toBeNull();
    expect(await ours.readGuest(user.token)).toBeNull();
  });
});
