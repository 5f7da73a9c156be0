import { screen, within } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { envelope, stubFetch } from '../test/fetch';
import { renderRoutes } from '../test/render';
import { PersonalInfoDialog } from './PersonalInfoDialog';

const user = {
  id: 'u1',
  account: 'zhuting',
  fullname: '朱婷',
  mobile: '13800000000',
  email: null,
  sex: '女',
  photo: null,
  address: null,
  status: 1,
  tenantId: '-1',
  createTime: '2026-01-01T00:00:00Z',
};
const roles = [
  { id: 'r1', code: 'staff', name: '普通员工' },
  { id: 'r2', code: 'hr', name: '人事' },
];

function renderWith(detail: object) {
  stubFetch(() => envelope({ user, tenantCode: 'platform', currentPostId: null, ...detail }));
  renderRoutes(<Route path="*" element={<PersonalInfoDialog onClose={() => undefined} />} />, '/index');
}

/** The value shown next to a label of the dialog. */
async function shown(label: string) {
  const dialog = await screen.findByRole('dialog', { name: '个人信息' });
  const cell = (await within(dialog).findByText(label, {}, { timeout: 5000 }))
    .closest('tr')
    ?.querySelector('td');
  return cell?.textContent;
}

describe('personal info dialog (spec §2 个人信息)', () => {
  it('joins role names with |, and shows 暂无岗位 and 暂无组织 when there are none', async () => {
    renderWith({ role: '', roles, postList: [], orgList: [] });
    expect(await shown('角色')).toBe('普通员工|人事');
    expect(await shown('岗位')).toBe('暂无岗位');
    expect(await shown('组织')).toBe('暂无组织');
    expect(await shown('姓名')).toBe('朱婷');
    // spec §1: the product version
    expect(await shown('版本')).toBe('8.0.7');
  });

  it('shows the server’s role text, the posts and the orgs when there are some', async () => {
    renderWith({
      role: '普通员工|人事',
      roles,
      postList: [
        {
          postId: 'p1',
          postName: '职员',
          orgId: 'o1',
          orgName: '前端开发部',
          pathName: '总部/研发中心/前端开发部',
          isMaster: true,
        },
      ],
      orgList: [
        {
          orgId: 'o1',
          orgName: '前端开发部',
          pathName: '总部/研发中心/前端开发部',
          isMaster: true,
          isCharge: false,
        },
      ],
    });
    expect(await shown('角色')).toBe('普通员工|人事');
    expect(await shown('岗位')).toBe('职员（总部/研发中心/前端开发部）');
    expect(await shown('组织')).toBe('总部/研发中心/前端开发部');
  });
});
