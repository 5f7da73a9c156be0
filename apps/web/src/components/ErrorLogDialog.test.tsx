import { act, fireEvent, screen, within } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { captureUncaughtErrors, useErrorLog } from '../stores/errorLog';
import { renderRoutes } from '../test/render';
import { ErrorLogDialog } from './ErrorLogDialog';

describe('error log (spec §2 系统错误列表, §8 uncaught errors in production)', () => {
  it('collects uncaught errors and unhandled rejections while capturing, with the route', () => {
    window.history.replaceState(null, '', '/eipFront/matter/myTask?x=1');
    const stop = captureUncaughtErrors();
    const crash = new TypeError('cannot read properties of undefined');
    window.dispatchEvent(new ErrorEvent('error', { error: crash, message: crash.message }));
    const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.defineProperty(rejection, 'reason', { value: 'network down' });
    window.dispatchEvent(rejection);
    stop();
    window.dispatchEvent(new Event('unhandledrejection'));
    expect(useErrorLog.getState().entries.map(({ route, message }) => ({ route, message }))).toEqual([
      { route: '/eipFront/matter/myTask?x=1', message: 'network down' },
      { route: '/eipFront/matter/myTask?x=1', message: 'cannot read properties of undefined' },
    ]);
    expect(useErrorLog.getState().entries[1]?.detail).toContain(
      'TypeError: cannot read properties of undefined',
    );
  });

  it('lists route, message, detail and search links, and can be cleared', () => {
    act(() => useErrorLog.getState().add(new Error('页面渲染失败'), '/mail/mailList'));
    renderRoutes(<Route path="*" element={<ErrorLogDialog onClose={() => undefined} />} />, '/index');
    const dialog = screen.getByRole('dialog', { name: '系统错误列表' });
    expect(
      within(dialog)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['路由', '错误信息', '错误详情', '搜索']);
    const row = within(dialog).getByText('/mail/mailList').closest('tr') as HTMLElement;
    expect(within(row).getByText('页面渲染失败')).toBeTruthy();
    expect(row.textContent).toContain('Error: 页面渲染失败');
    expect(within(row).getByRole('link', { name: 'Baidu' }).getAttribute('href')).toBe(
      `https://www.baidu.com/s?wd=${encodeURIComponent('页面渲染失败')}`,
    );
    expect(within(row).getByRole('link', { name: 'Google' }).getAttribute('href')).toBe(
      `https://www.google.com/search?q=${encodeURIComponent('页面渲染失败')}`,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: '清 空' }));
    expect(within(dialog).getByText('暂无错误')).toBeTruthy();
  });
});
