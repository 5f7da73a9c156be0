import { COUNTERSIGN_RESULT, type CountersignResult, type CountersignRule } from '@eip/contracts/flow';

export type CountersignOutcome = 'pass' | 'fail' | 'open';

/**
 * The outcome of a countersign by its rule (spec §4), from the votes cast so far (agree, oppose,
 * abandon) and the number of voters:
 * - all: every voter agrees; an oppose or an abstention fails it;
 * - oneVeto: one oppose fails it; it passes when everyone has voted without one (abstentions allowed);
 * - ratio: it passes once agree votes reach the ratio of all voters, fails once they no longer can;
 * - firstVote: the first agree or oppose decides; when everyone abstains it fails.
 */
export function countersignOutcome(
  rule: CountersignRule | undefined,
  votes: readonly string[],
  total: number,
): CountersignOutcome {
  const agree = votes.filter((v) => v === 'agree').length;
  const oppose = votes.filter((v) => v === 'oppose').length;
  const open = total - votes.length;
  switch (rule?.mode ?? 'all') {
    case 'all':
      if (agree < votes.length) return 'fail';
      return open === 0 ? 'pass' : 'open';
    case 'oneVeto':
      if (oppose > 0) return 'fail';
      return open === 0 ? 'pass' : 'open';
    case 'ratio': {
      const ratio = rule?.ratio ?? 100;
      if ((agree / total) * 100 >= ratio) return 'pass';
      return ((agree + open) / total) * 100 < ratio ? 'fail' : 'open';
    }
    case 'firstVote': {
      const first = votes.find((v) => v === 'agree' || v === 'oppose');
      if (first) return first === 'agree' ? 'pass' : 'fail';
      return open === 0 ? 'fail' : 'open';
    }
  }
}

/**
 * The result code of a countersign round (spec §4): 2 while voting, 1 passed, 0 failed and sent back to
 * be redone, 3 failed and ended, 4 withdrawn (the round stopped before it was decided).
 */
export function countersignResult(
  rule: CountersignRule | undefined,
  votes: readonly string[],
  total: number,
  stillOpen: boolean,
): CountersignResult {
  const outcome = countersignOutcome(rule, votes, total);
  if (outcome === 'pass') return COUNTERSIGN_RESULT.agree;
  if (outcome === 'fail') {
    return rule?.onFail === 'end' ? COUNTERSIGN_RESULT.rejectWithoutRedo : COUNTERSIGN_RESULT.rejectAndRedo;
  }
  return stillOpen ? COUNTERSIGN_RESULT.underApproval : COUNTERSIGN_RESULT.withdrawn;
}
