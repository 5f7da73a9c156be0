import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSession } from '../stores/session';
import { Permission } from './permission';

describe('the permission directive (spec §6)', () => {
  afterEach(() => useSession.setState({ permissions: [] }));

  it('leaves its children out unless the user holds at least one of the codes', () => {
    useSession.setState({ permissions: ['news:publish'] });
    const { rerender } = render(
      <Permission codes={['flow:batchApprove', 'uc:manage']}>
        <button>批量审批</button>
      </Permission>,
    );
    expect(screen.queryByRole('button', { name: '批量审批' })).toBeNull();
    rerender(
      <Permission codes={['flow:batchApprove', 'news:publish']}>
        <button>批量审批</button>
      </Permission>,
    );
    expect(screen.getByRole('button', { name: '批量审批' })).toBeTruthy();
  });
});
