import { screen } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useSettings } from '../stores/settings';
import { renderRoutes } from '../test/render';
import { ThemeDrawer } from './ThemeDrawer';

afterEach(() => useSettings.setState({ device: 'desktop' }));

const renderDrawer = () =>
  renderRoutes(<Route path="*" element={<ThemeDrawer onClose={() => undefined} />} />, '/index');

/** The drawer's panel: the element that carries its width. */
const panelWidth = () =>
  (screen.getByRole('dialog', { name: '主题配置' }).closest('.ant-drawer-content-wrapper') as HTMLElement)
    .style.width;

describe('theme drawer (spec §2, §9: width 470 px)', () => {
  it('is exactly 470 px wide on a desktop', () => {
    renderDrawer();
    expect(panelWidth()).toBe('470px');
  });

  it('takes the whole width of a phone', () => {
    useSettings.setState({ device: 'mobile' });
    renderDrawer();
    expect(panelWidth()).toBe('100%');
  });
});
