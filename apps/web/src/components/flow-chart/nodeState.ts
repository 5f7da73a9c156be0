import { STATUS_COLORS, type NodeDisplayState } from '@eip/contracts/flow';

/** The colour each legend label shows with, taken from the status colours (reference statusColorMap). */
export function displayStateColors(
  statusColors: Record<string, string> = STATUS_COLORS,
): Record<NodeDisplayState, string> {
  return {
    notStarted: '#BFBFBF',
    current: statusColors.pending ?? STATUS_COLORS.pending,
    done: statusColors.agree ?? STATUS_COLORS.agree,
    rejected: statusColors.back ?? STATUS_COLORS.back,
    manualEnd: statusColors.manual_end ?? STATUS_COLORS.manual_end,
    suspended: statusColors.suspend ?? STATUS_COLORS.suspend,
  };
}
