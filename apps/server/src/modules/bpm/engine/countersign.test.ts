import { COUNTERSIGN_RESULT } from '@eip/contracts/flow';
import { describe, expect, it } from 'vitest';
import { countersignOutcome, countersignResult } from './countersign.js';

describe('countersign rules (spec §4)', () => {
  it('all: every voter agrees; an oppose or an abstention fails at once', () => {
    expect(countersignOutcome({ mode: 'all' }, ['agree'], 3)).toBe('open');
    expect(countersignOutcome({ mode: 'all' }, ['agree', 'agree', 'agree'], 3)).toBe('pass');
    expect(countersignOutcome({ mode: 'all' }, ['agree', 'abandon'], 3)).toBe('fail');
    expect(countersignOutcome(undefined, ['oppose'], 3)).toBe('fail');
  });

  it('oneVeto: one oppose fails; abstentions do not', () => {
    expect(countersignOutcome({ mode: 'oneVeto' }, ['abandon', 'agree'], 3)).toBe('open');
    expect(countersignOutcome({ mode: 'oneVeto' }, ['abandon', 'agree', 'abandon'], 3)).toBe('pass');
    expect(countersignOutcome({ mode: 'oneVeto' }, ['agree', 'oppose'], 3)).toBe('fail');
  });

  it('ratio: passes once agree votes reach it, fails once they no longer can', () => {
    expect(countersignOutcome({ mode: 'ratio', ratio: 60 }, ['agree'], 3)).toBe('open');
    expect(countersignOutcome({ mode: 'ratio', ratio: 60 }, ['agree', 'agree'], 3)).toBe('pass');
    expect(countersignOutcome({ mode: 'ratio', ratio: 60 }, ['oppose', 'oppose'], 3)).toBe('fail');
    expect(countersignOutcome({ mode: 'ratio', ratio: 60 }, ['oppose', 'agree'], 3)).toBe('open');
  });

  it('firstVote: the first agree or oppose decides; abstentions wait; all abstaining fails', () => {
    expect(countersignOutcome({ mode: 'firstVote' }, ['abandon'], 2)).toBe('open');
    expect(countersignOutcome({ mode: 'firstVote' }, ['abandon', 'oppose'], 3)).toBe('fail');
    expect(countersignOutcome({ mode: 'firstVote' }, ['agree'], 3)).toBe('pass');
    expect(countersignOutcome({ mode: 'firstVote' }, ['abandon', 'abandon'], 2)).toBe('fail');
  });

  it('result codes 0–4 (spec §4)', () => {
    expect(countersignResult({ mode: 'all' }, ['agree'], 2, true)).toBe(COUNTERSIGN_RESULT.underApproval);
    expect(countersignResult({ mode: 'all' }, ['agree', 'agree'], 2, false)).toBe(COUNTERSIGN_RESULT.agree);
    expect(countersignResult({ mode: 'all' }, ['oppose'], 2, false)).toBe(COUNTERSIGN_RESULT.rejectAndRedo);
    expect(countersignResult({ mode: 'all', onFail: 'end' }, ['oppose'], 2, false)).toBe(
      COUNTERSIGN_RESULT.rejectWithoutRedo,
    );
    expect(countersignResult({ mode: 'all' }, ['agree'], 2, false)).toBe(COUNTERSIGN_RESULT.withdrawn);
  });
});
