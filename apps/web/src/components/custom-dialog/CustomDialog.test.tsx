import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadTemplateTexts } from '../../i18n';
import { envelope, stubFetch } from '../../test/fetch';
import { renderRoutes } from '../../test/render';
import { buildTree, CustomDialog } from './CustomDialog';

const NODES = [
  { id: 'hq', parentId: null, name: '演示集团总部' },
  { id: 'admin', parentId: 'hq', name: '行政中心' },
  { id: 'finance', parentId: 'admin', name: '财务部' },
  { id: 'rd', parentId: 'hq', name: '研发中心' },
];
const LIST = {
  id: 'd1',
  alias: 'contractDialog',
  name: '选择合同',
  style: 'list',
  queryAlias: 'contractQuery',
  viewAlias: 'brief',
  valueField: 'id',
  labelField: 'name',
  searchFields: ['code', 'name'],
};
const QUERY = {
  id: 'q1',
  alias: 'contractQuery',
  name: '合同查询',
  boAlias: 'contract',
  params: [],
  conditions: [],
  columns: ['code', 'name'],
  sorter: [],
  views: [{ alias: 'brief', name: '合同简表', columns: ['code', 'name'] }],
  fields: [
    { name: 'code', label: '合同编号', type: 'string' },
    { name: 'name', label: '合同名称', type: 'string' },
  ],
};

beforeAll(() => loadTemplateTexts());

describe('the tree of a tree dialog', () => {
  it('nests flat nodes under their parents; a search keeps the matches and their ancestors', () => {
    const tree = buildTree(NODES);
    expect(tree.map((n) => n.title)).toEqual(['演示集团总部']);
    expect(tree[0]!.children!.map((n) => n.title)).toEqual(['行政中心', '研发中心']);
    const found = buildTree(NODES, '财务');
    expect(found[0]!.children!.map((n) => n.title)).toEqual(['行政中心']);
    expect(found[0]!.children![0]!.children!.map((n) => n.title)).toEqual(['财务部']);
    expect(buildTree(NODES, '无此部门')).toEqual([]);
  });
});

describe('custom dialog', () => {
  it('a list dialog searches the view’s columns and picks a row’s value and label', async () => {
    const sent = stubFetch(({ url }) => {
      if (url.includes('customDialog/getByAlias')) return envelope(LIST);
      if (url.includes('customQuery/getByAlias')) return envelope(QUERY);
      return envelope({
        rows: [{ id: 'c7', code: 'HT-00007', name: '软件开发服务合同7' }],
        total: 1,
        page: 1,
        pageSize: 10,
      });
    });
    const onPick = vi.fn();
    renderRoutes(
      <Route
        path="*"
        element={<CustomDialog alias="contractDialog" onPick={onPick} onClose={() => undefined} />}
      />,
      '/x',
    );
    const dialog = await screen.findByRole('dialog', { name: '选择合同' }, { timeout: 10_000 });
    expect((await within(dialog).findAllByText('合同编号')).length).toBeGreaterThan(0);
    const search = within(dialog).getByLabelText('输入关键字搜索');
    fireEvent.change(search, { target: { value: '软件' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => {
      const last = sent.filter((r) => r.url.includes('data_contractQuery/brief')).at(-1)!;
      expect((last.body as { querys: unknown[] }).querys).toEqual([
        { property: 'code', operation: 'LIKE', value: '软件', relation: 'OR', group: 'search' },
        { property: 'name', operation: 'LIKE', value: '软件', relation: 'OR', group: 'search' },
      ]);
    });
    fireEvent.click(await within(dialog).findByText('软件开发服务合同7'));
    expect(onPick).toHaveBeenCalledWith({ value: 'c7', label: '软件开发服务合同7' });
  }, 30_000);

  it('a user dialog searches the directory’s active users by name or account and picks a person', async () => {
    const sent = stubFetch(({ url }) =>
      url.includes('customDialog/getByAlias')
        ? envelope({
            ...LIST,
            alias: 'userDialog',
            name: '选择人员',
            listSource: 'user',
            queryAlias: undefined,
            viewAlias: undefined,
            valueField: 'fullname',
            labelField: 'fullname',
          })
        : envelope({
            rows: [{ id: 'u1', account: 'zhuting', fullname: '朱婷', orgName: '前端开发部' }],
            total: 1,
            page: 1,
            pageSize: 10,
          }),
    );
    const onPick = vi.fn();
    renderRoutes(
      <Route
        path="*"
        element={<CustomDialog alias="userDialog" onPick={onPick} onClose={() => undefined} />}
      />,
      '/x',
    );
    const dialog = await screen.findByRole('dialog', { name: '选择人员' }, { timeout: 10_000 });
    expect((await within(dialog).findAllByText('部门')).length).toBeGreaterThan(0);
    const search = within(dialog).getByLabelText('输入关键字搜索');
    fireEvent.change(search, { target: { value: '朱' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => {
      const last = sent.filter((r) => r.url.includes('queryUserWithMainOrgPost')).at(-1)!;
      expect(last.body).toMatchObject({
        pageBean: { page: 1, pageSize: 10, showTotal: true },
        querys: [
          { property: 'status', value: 1, operation: 'EQUAL' },
          { property: 'fullname', value: '朱', operation: 'LIKE', group: 'text' },
          { property: 'account', value: '朱', operation: 'LIKE', group: 'text' },
        ],
      });
    });
    fireEvent.click(await within(dialog).findByText('前端开发部'));
    expect(onPick).toHaveBeenCalledWith({ value: '朱婷', label: '朱婷' });
  }, 30_000);

  it('a tree dialog picks a node of the organisation', async () => {
    stubFetch(({ url }) =>
      url.includes('getTreeData')
        ? envelope(NODES)
        : envelope({
            ...LIST,
            alias: 'orgDialog',
            name: '选择组织',
            style: 'tree',
            valueField: 'name',
            labelField: 'name',
          }),
    );
    const onPick = vi.fn();
    renderRoutes(
      <Route
        path="*"
        element={<CustomDialog alias="orgDialog" onPick={onPick} onClose={() => undefined} />}
      />,
      '/x',
    );
    const dialog = await screen.findByRole('dialog', { name: '选择组织' }, { timeout: 10_000 });
    fireEvent.click(await within(dialog).findByText('财务部'));
    expect(onPick).toHaveBeenCalledWith({ value: '财务部', label: '财务部' });
  }, 30_000);

  it('an unknown dialog shows the error', async () => {
    stubFetch(() => envelope(null, { code: 404, status: 404, message: '自定义对话框不存在：x' }));
    renderRoutes(
      <Route
        path="*"
        element={<CustomDialog alias="x" onPick={() => undefined} onClose={() => undefined} />}
      />,
      '/x',
    );
    expect(await screen.findByText('数据加载失败')).toBeTruthy();
  });
});
