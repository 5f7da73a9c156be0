import { ArrowLeftOutlined, ApartmentOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Input, Typography, theme } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadableColors } from '../../components/approval/ReadableColors';
import { useSettings } from '../../stores/settings';
import { OrgTree } from './OrgTree';
import { PeopleList } from './PeopleList';
import { PersonCard } from './PersonCard';
import type { Org, Person } from './people';

/**
 * 组织架构 (menu component orgManage): the company directory every employee looks colleagues up in — the org
 * tree by dimension, the people of an org with their posts and roles, a search by name, account or pinyin
 * initials, and a person's card. On a phone the tree and the list show one at a time.
 */
export function DirectoryPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const mobile = useSettings((state) => state.device === 'mobile');
  const [org, setOrg] = useState<Org | null>(null);
  const [text, setText] = useState('');
  const search = useDeferredValue(text);
  const [page, setPage] = useState(1);
  const [person, setPerson] = useState<Person | null>(null);
  // phone: the tree or the list
  const [showTree, setShowTree] = useState(false);

  const chooseOrg = (chosen: Org) => {
    setOrg(chosen);
    setText('');
    setPage(1);
    setShowTree(false);
  };
  const searchBox = (
    <Input.Search
      allowClear
      aria-label={t('directory.search')}
      placeholder={t('directory.searchPlaceholder')}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        setPage(1);
      }}
      style={{ maxWidth: mobile ? undefined : 360 }}
    />
  );
  const tree = (
    <nav aria-label={t('directory.orgTree')}>
      <OrgTree selected={org} onSelect={chooseOrg} />
    </nav>
  );
  const list = <PeopleList org={org} text={search} page={page} onPage={setPage} onOpen={setPerson} />;

  return (
    <ReadableColors>
      <Flex vertical gap="middle">
        <Flex align="center" justify="space-between" wrap gap="small">
          <Typography.Title level={1} style={{ margin: 0, fontSize: token.fontSizeHeading3 }}>
            {t('directory.title')}
          </Typography.Title>
          {searchBox}
        </Flex>
        {mobile ? (
          showTree ? (
            <Flex vertical gap="small">
              <Button
                icon={<ArrowLeftOutlined />}
                onClick={() => setShowTree(false)}
                style={{ alignSelf: 'start' }}
              >
                {t('directory.people')}
              </Button>
              {tree}
            </Flex>
          ) : (
            <Flex vertical gap="small">
              <Button
                icon={<ApartmentOutlined />}
                onClick={() => setShowTree(true)}
                style={{ alignSelf: 'start' }}
              >
                {org ? org.name : t('directory.showTree')}
              </Button>
              {list}
            </Flex>
          )
        ) : (
          <Flex gap="middle" align="start">
            <Card size="small" title={t('directory.orgTree')} style={{ width: 280, flexShrink: 0 }}>
              {tree}
            </Card>
            <div style={{ flex: 1, minWidth: 0 }}>{list}</div>
          </Flex>
        )}
      </Flex>
      {person && <PersonCard person={person} onClose={() => setPerson(null)} />}
    </ReadableColors>
  );
}
