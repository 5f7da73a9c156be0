import { describe, expect, it } from 'vitest';
import { actingMemberships, currentMembership, currentPostOf } from './current-post.js';

const frontend = { org: 'frontend', postId: 'p-frontend', isMaster: true };
const qa = { org: 'qa', postId: 'p-qa', isMaster: false };
const club = { org: 'club', postId: null, isMaster: false };

describe('the current post (spec §7 setCookie?postId)', () => {
  it('is the post chosen in the session while the user holds it, else the main post, else the first', () => {
    expect(currentPostOf([frontend, qa], 'p-qa')).toBe('p-qa');
    expect(currentPostOf([frontend, qa], null)).toBe('p-frontend');
    expect(currentPostOf([frontend, qa], 'p-gone')).toBe('p-frontend');
    expect(currentPostOf([club, { ...qa, isMaster: false }], undefined)).toBe('p-qa');
    expect(currentPostOf([club], 'p-qa')).toBeNull();
  });

  it('start rights count the current post’s membership and those without a post, not the other posts', () => {
    expect(actingMemberships([frontend, qa, club], 'p-qa').map((m) => m.org)).toEqual(['qa', 'club']);
    expect(actingMemberships([frontend, qa, club], null).map((m) => m.org)).toEqual(['frontend', 'club']);
  });

  it('the current membership is the current post’s, else the main one, else the first', () => {
    expect(currentMembership([frontend, qa], 'p-qa')?.org).toBe('qa');
    expect(currentMembership([club, { ...club, org: 'main', isMaster: true }], null)?.org).toBe('main');
    expect(currentMembership([club], null)?.org).toBe('club');
    expect(currentMembership([], null)).toBeUndefined();
  });
});
