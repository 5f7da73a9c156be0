import { describe, expect, it } from 'vitest';
import { clampZoom, ZOOM_MAX, ZOOM_MIN } from './FlowChartDialog';
import { displayStateColors } from './nodeState';

describe('flow chart legend (spec §4 labels 未开始 当前节点 已办节点 驳回节点 人工终止 挂起)', () => {
  it('the legend colours come from the status colours', () => {
    const colors = displayStateColors({ pending: '#FF0000', agree: '#00FF00', back: '#8A0902' });
    expect(colors.current).toBe('#FF0000');
    expect(colors.done).toBe('#00FF00');
    expect(colors.rejected).toBe('#8A0902');
  });
});

describe('flow chart zoom (spec §5, §9: 50–300 %, step 10)', () => {
  it('rounds to the step and keeps within the limits', () => {
    expect(clampZoom(100)).toBe(100);
    expect(clampZoom(87.4)).toBe(90);
    expect(clampZoom(12)).toBe(ZOOM_MIN);
    expect(clampZoom(480)).toBe(ZOOM_MAX);
  });
});
