import { describe, expect, it } from 'vitest';
import { createImageLinks } from './file-links.js';

describe('signed image addresses', () => {
  const links = createImageLinks(Buffer.alloc(32, 7));
  const now = Date.UTC(2026, 10, 27, 10, 15);

  it('stay the same within an hour (so the browser caches them) and hold for one to two hours', () => {
    const first = links.query('-1', 'f1', '1024', now);
    expect(links.query('-1', 'f1', '1024', now + 30 * 60_000)).toEqual(first);
    const exp = Number(first.exp);
    expect(exp * 1000 - now).toBeGreaterThan(60 * 60_000);
    expect(exp * 1000 - now).toBeLessThanOrEqual(2 * 60 * 60_000);
  });

  it('verify only for the file, size, tenant and time they were made for, before they expire', () => {
    const query = links.query('-1', 'f1', '1024', now);
    const link = { tenantId: '-1', fileId: 'f1', thumbnail: '1024', exp: Number(query.exp) };
    expect(links.verify(link, query.sig, now)).toBe(true);
    expect(links.verify({ ...link, fileId: 'f2' }, query.sig, now)).toBe(false);
    expect(links.verify({ ...link, thumbnail: '' }, query.sig, now)).toBe(false);
    expect(links.verify({ ...link, tenantId: 'acme' }, query.sig, now)).toBe(false);
    expect(links.verify({ ...link, exp: link.exp + 3600 }, query.sig, now)).toBe(false);
    expect(links.verify(link, query.sig, link.exp * 1000 + 1)).toBe(false);
    const tampered = `${query.sig.slice(0, -1)}${query.sig.endsWith('A') ? 'B' : 'A'}`;
    expect(links.verify(link, tampered, now)).toBe(false);
    expect(createImageLinks(Buffer.alloc(32, 8)).verify(link, query.sig, now)).toBe(false);
  });
});
