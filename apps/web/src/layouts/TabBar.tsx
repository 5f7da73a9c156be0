import { CloseOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LANDING_PATH, TAB_CLOSE_DELAY_MS } from '../config';
import { closeCommandsEnabled, closeTabs, useTabs, type CloseCommand, type VisitedTab } from '../stores/tabs';

/**
 * The tab bar of visited pages (spec §2): a list of links with a close button each (pinned tabs have
 * none); a right click (or the context-menu key) offers close all / left / right / others, left and right
 * disabled at the ends. The open page's tab is marked as the current page and kept in view.
 */
export function TabBar({ activePath }: { activePath: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tabs = useTabs((state) => state.tabs);
  const close = useTabs((state) => state.close);
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => {
    list.current
      ?.querySelector('[aria-current="page"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [activePath, tabs.length]);

  const run = (path: string, command: CloseCommand) => {
    const remaining = closeTabs(tabs, path, command);
    close(path, command);
    if (!remaining.some((tab) => tab.path === activePath)) {
      // The open page was closed: show the last tab left, or the landing page.
      const next = remaining.at(-1)?.fullPath ?? LANDING_PATH;
      setTimeout(() => navigate(next), TAB_CLOSE_DELAY_MS);
    }
  };

  const contextMenu = (tab: VisitedTab, index: number): MenuProps => {
    const enabled = closeCommandsEnabled(index, tabs.length);
    return {
      items: [
        { key: 'all', label: t('tabs.closeAll'), disabled: !enabled.all },
        { key: 'left', label: t('tabs.closeLeft'), disabled: !enabled.left },
        { key: 'right', label: t('tabs.closeRight'), disabled: !enabled.right },
        { key: 'others', label: t('tabs.closeOthers'), disabled: !enabled.others },
      ],
      onClick: ({ key, domEvent }) => {
        domEvent.stopPropagation();
        run(tab.path, key as CloseCommand);
      },
    };
  };

  return (
    <nav aria-label={t('layout.tabs')} className="eip-tab-bar">
      <ul ref={list}>
        {tabs.map((tab, index) => {
          const active = tab.path === activePath;
          return (
            <Dropdown key={tab.path} trigger={['contextMenu']} menu={contextMenu(tab, index)}>
              <li className={active ? 'eip-tab eip-tab-active' : 'eip-tab'}>
                <Link to={tab.fullPath} aria-current={active ? 'page' : undefined} data-tab-path={tab.path}>
                  {tab.title}
                </Link>
                {!tab.affix && (
                  <button
                    type="button"
                    aria-label={t('tabs.close', { title: tab.title })}
                    onClick={() => run(tab.path, 'this')}
                  >
                    <CloseOutlined aria-hidden />
                  </button>
                )}
              </li>
            </Dropdown>
          );
        })}
      </ul>
    </nav>
  );
}
