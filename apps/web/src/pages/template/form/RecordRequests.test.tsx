import type { BoDef, DataTemplate } from '@eip/contracts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadApprovalTexts, loadTemplateTexts } from '../../../i18n';
import { envelope, stubFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { TemplateFormPage } from './index';

// the machine running the tests may be busy: each wait may take a few seconds
configure({ asyncUtilTimeout: 5000 });

const BO: BoDef = {
  id: 'bo1',
  alias: 'contract',
  name: '合同',
  fields: [{ name: 'name', label: '合同名称', type: 'string' }],
  subs: [],
};
const template = (startFlow?: { roles?: string[] }): DataTemplate => ({
  id: 't1',
  alias: 'contract',
  name: '合同台账',
  boAlias: 'contract',
  formKey: 'contractForm',
  columns: ['name'],
  conditions: [],
  sorter: [],
  buttons: [
    { alias: 'detail' },
    ...(startFlow ? [{ alias: 'startFlow' as const, defKey: 'contract_review' }] : []),
  ],
  batchFields: [],
});
const REQUEST = {
  id: 'i1',
  subject: '合同评审-测试合同',
  procDefKey: 'contract_review',
  procDefName: '合同评审',
  flowType: null,
  status: 'running',
  suspended: false,
  creatorId: 'u1',
  creator: '朱婷',
  createTime: '2026-11-28T08:00:00.000Z',
  updateTime: '2026-11-28T08:00:00.000Z',
  endTime: null,
};

/** The record page of r1 with the server's answers; `requests` answers getRecordRequests. */
function recordPage(options: { startFlow: boolean; requests: () => Response }) {
  const tpl = template(options.startFlow ? {} : undefined);
  const permissions = { detail: true, startFlow: options.startFlow };
  const sent = stubFetch(({ url }) => {
    if (url.includes('getBpmDataTemplateInfo')) return envelope({ template: tpl, bo: BO, permissions });
    if (url.includes('getRecordRequests')) return options.requests();
    if (url.includes('listJsonQuery')) return envelope({ rows: [], total: 0, page: 1, pageSize: 50 });
    if (url.includes('getForm/')) {
      return envelope({
        template: tpl,
        bo: BO,
        form: {
          formKey: 'contractForm',
          name: '合同',
          schema: { type: 'object', properties: { name: { type: 'string', title: '合同名称' } } },
          uiSchema: {},
        },
        permissions,
        record: {
          id: 'r1',
          data: { name: '测试合同' },
          version: 1,
          createBy: 'u1',
          createTime: REQUEST.createTime,
          updateTime: REQUEST.createTime,
        },
        draft: null,
      });
    }
    return envelope(null, { code: 404, message: `unexpected ${url}`, status: 404 });
  });
  renderRoutes(
    <Route path="/templateForm/:templateKey/:action/:data" element={<TemplateFormPage />} />,
    '/templateForm/contract/get/r1',
  );
  return sent;
}

beforeAll(async () => {
  await loadTemplateTexts();
  await loadApprovalTexts();
});
afterEach(() => vi.unstubAllGlobals());

describe('the requests of a record', () => {
  it('lists the requests started from the record, each opening its read-only form', async () => {
    const sent = recordPage({ startFlow: true, requests: () => envelope([REQUEST]) });
    const list = await screen.findByRole('region', { name: '本记录发起的流程' });
    const link = await within(list).findByRole('link', { name: REQUEST.subject });
    expect(link.getAttribute('href')).toBe('/matter/approvalForm?instId=i1&isReadonly=true');
    expect(within(list).getByText('朱婷')).toBeTruthy();
    expect(within(list).getByText('审批中')).toBeTruthy();
    const asked = sent.find((r) => r.url.includes('getRecordRequests'))!;
    expect(new URL(asked.url, 'http://x').searchParams.toString()).toBe(
      'businessKey=r1&boAlias=contract&templateAlias=contract',
    );
  });

  it('says when there are none, and offers a retry when they cannot be read', async () => {
    let fail = true;
    recordPage({
      startFlow: false,
      requests: () => (fail ? envelope(null, { code: 500, message: 'down', status: 500 }) : envelope([])),
    });
    const list = await screen.findByRole('region', { name: '本记录发起的流程' });
    const retry = await within(list).findByRole('button', { name: /重\s*试/ });
    fail = false;
    fireEvent.click(retry);
    expect(await within(list).findByText('暂无从本记录发起的流程')).toBeTruthy();
  });
});

describe('发起流程 on a record', () => {
  it('opens the start form of the template’s flow for the record', async () => {
    recordPage({ startFlow: true, requests: () => envelope([]) });
    fireEvent.click(await screen.findByRole('button', { name: /发起流程/ }));
    await waitFor(() =>
      expect(screen.getByTestId('path').textContent).toBe(
        '/matter/startProcess?defKey=contract_review&businessKey=r1&boAlias=contract&templateAlias=contract',
      ),
    );
  });

  it('is not offered when the template has no startFlow button for the user', async () => {
    recordPage({ startFlow: false, requests: () => envelope([]) });
    await screen.findByRole('region', { name: '本记录发起的流程' });
    expect(screen.queryByRole('button', { name: /发起流程/ })).toBeNull();
  });
});
