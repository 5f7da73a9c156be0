import { PRODUCT_VERSION } from '@eip/contracts/codes';
import { Descriptions, Modal, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../app/useCurrentUser';

/** Spec §2 个人信息: the user, roles joined by |, posts and orgs (暂无岗位 / 暂无组织 when none). */
export function PersonalInfoDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useCurrentUser();
  const data = detail.data;
  const roles = data ? data.role || data.roles.map((role) => role.name).join('|') : '';
  return (
    <Modal open title={t('profile.personalInfo')} onCancel={onClose} footer={null} width={640}>
      {!data ? (
        <Skeleton active />
      ) : (
        <Descriptions
          bordered
          size="small"
          column={1}
          items={[
            { key: 'account', label: t('profile.account'), children: data.user.account },
            { key: 'fullname', label: t('profile.fullname'), children: data.user.fullname },
            { key: 'mobile', label: t('profile.mobile'), children: data.user.mobile || t('common.none') },
            { key: 'email', label: t('profile.email'), children: data.user.email || t('common.none') },
            { key: 'sex', label: t('profile.sex'), children: data.user.sex || t('common.none') },
            { key: 'roles', label: t('profile.roles'), children: roles || t('common.none') },
            {
              key: 'posts',
              label: t('profile.posts'),
              children: data.postList.length
                ? data.postList.map((post) => (
                    <div key={post.postId}>{`${post.postName}（${post.pathName || post.orgName}）`}</div>
                  ))
                : t('profile.noPost'),
            },
            {
              key: 'orgs',
              label: t('profile.orgs'),
              children: data.orgList.length
                ? data.orgList.map((org) => <div key={org.orgId}>{org.pathName || org.orgName}</div>)
                : t('profile.noOrg'),
            },
            { key: 'version', label: t('profile.version'), children: PRODUCT_VERSION },
          ]}
        />
      )}
    </Modal>
  );
}
