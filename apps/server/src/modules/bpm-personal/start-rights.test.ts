import { describe, expect, it } from 'vitest';
import { allowsStart } from './start-rights.js';

describe('allowsStart (spec §6 start rights)', () => {
  const keys = new Set(['user:u1', 'user:zhuting', 'role:hr', 'org:finance', 'group:g1']);

  it('absent or empty start rights let everyone start', () => {
    expect(allowsStart({ nodes: {} }, new Set())).toBe(true);
    expect(allowsStart({ global: { startRights: [] }, nodes: {} }, new Set())).toBe(true);
  });

  it('one matching entry of any kind is enough', () => {
    const rights = (type: 'user' | 'role' | 'post' | 'org' | 'group', ids: string[]) => ({
      global: { startRights: [{ type, ids }] },
      nodes: {},
    });
    expect(allowsStart(rights('user', ['zhuting']), keys)).toBe(true);
    expect(allowsStart(rights('role', ['finance', 'hr']), keys)).toBe(true);
    expect(allowsStart(rights('group', ['g1']), keys)).toBe(true);
    expect(allowsStart(rights('post', ['hr']), keys)).toBe(false);
    expect(allowsStart(rights('org', ['hr']), keys)).toBe(false);
    expect(allowsStart(rights('user', ['u2']), new Set())).toBe(false);
  });
});
