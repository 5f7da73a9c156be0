import { Dropdown, Tabs, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LANDING_PATH, TAB_CLOSE_DELAY_MS } from '../config';
import { closeCommandsEnabled, closeTabs, useTabs, type CloseCommand, type VisitedTab } from '../stores/tabs';

/**
 * The tab bar of visited pages (spec §2): pinned tabs cannot close; a right click offers close all / left /
 * right / others, left and right disabled at the ends.
 */
export function TabBar({ activePath }: { activePath: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tabs = useTabs((state) => state.tabs);
  const close = useTabs((state) => state.close);

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
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={activePath}
        onChange={(key) => {
          const tab = tabs.find((candidate) => candidate.path === key);
          if (tab) navigate(tab.fullPath);
        }}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') run(key, 'this');
        }}
        items={tabs.map((tab, index) => ({
          key: tab.path,
          closable: !tab.affix,
          label: (
            <Dropdown trigger={['contextMenu']} menu={contextMenu(tab, index)}>
              <span data-tab-path={tab.path}>{tab.title}</span>
            </Dropdown>
          ),
        }))}
        tabBarStyle={{ margin: 0 }}
      />
    </nav>
  );
}
