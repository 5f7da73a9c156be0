import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadApprovalTexts, loadLanguage } from '../../../../i18n';
import { ResubmittedChanges } from './ResubmittedChanges';

const ROUND = { by: '郭明', time: '2026-11-28T06:30:00.000Z' };

describe('resubmission diff on the approval form (issue 17)', () => {
  it('lists each field the initiator changed, from what to what', async () => {
    await loadApprovalTexts();
    render(
      <ResubmittedChanges
        resubmitted={{
          ...ROUND,
          changes: [{ field: 'days', label: '请假天数', oldValue: 1, newValue: 2 }],
        }}
      />,
    );
    expect(screen.getByText(/郭明 于 .* 重新提交，修改了以下字段/)).toBeTruthy();
    const row = screen.getByRole('row', { name: /请假天数/ });
    expect(row.textContent).toBe('请假天数12');
    expect(screen.getByRole('columnheader', { name: '原值' })).toBeTruthy();
  });

  it('says so when nothing the approver may see changed, in the user’s language', async () => {
    await loadApprovalTexts();
    await loadLanguage('en-US');
    try {
      render(<ResubmittedChanges resubmitted={{ ...ROUND, changes: [] }} />);
      expect(screen.getByText(/郭明 resubmitted on .* without changing the form/)).toBeTruthy();
      expect(screen.queryByRole('table')).toBeNull();
    } finally {
      await loadLanguage('zh-CN');
    }
  });
});
