import { describe, expect, it } from 'vitest';
import { mainActions } from './operations';

describe('mainActions: the two actions a phone keeps in its bottom bar', () => {
  it('同意 and 驳回 (before 反对) of a node with many buttons, in the node order', () => {
    const aliases = ['startCommu', 'agree', 'oppose', 'reject', 'delegate', 'addSign', 'print'];
    expect(mainActions(aliases)).toEqual(['agree', 'reject']);
    expect(mainActions(['oppose', 'agree', 'delegate'])).toEqual(['oppose', 'agree']);
  });

  it('a node without a declining action keeps its first other button beside 同意', () => {
    expect(mainActions(['saveDraft', 'startFlow', 'flowImage'])).toEqual(['saveDraft', 'startFlow']);
    expect(mainActions(['commuFeedback'])).toEqual(['commuFeedback']);
    expect(mainActions([])).toEqual([]);
  });
});
