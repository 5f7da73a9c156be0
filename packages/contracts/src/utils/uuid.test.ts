import { describe, expect, it } from 'vitest';
import { createUuid } from './uuid.js';

describe('createUuid', () => {
  it('spec §9: a uuid is 32 lowercase hex characters', () => {
    expect(createUuid()).toMatch(/^[0-9a-f]{32}$/);
  });

  it('spec §9: the uuid carries the version 4 and RFC 4122 variant bits', () => {
    for (let i = 0; i < 100; i++) {
      const uuid = createUuid();
      expect(uuid[12]).toBe('4');
      expect('89ab').toContain(uuid[16]);
    }
  });

  it('spec §9: uuids do not repeat', () => {
    const uuids = new Set(Array.from({ length: 1000 }, createUuid));
    expect(uuids.size).toBe(1000);
  });
});
