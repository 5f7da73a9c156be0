import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadApprovalTexts } from '../../../i18n';
import { envelope, stubFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { StartProcessPage } from './index';

// the machine running the tests may be busy: each wait may take a few seconds
configure({ asyncUtilTimeout: 5000 });

const RECORD = { businessKey: 'r1', boAlias: 'contract', templateAlias: 'contract' };
const PATH = `/matter/startProcess?${new URLSearchParams({ defKey: 'contract_review', ...RECORD }).toString()}`;
const START_FORM = {
  defId: 'd1',
  defKey: 'contract_review',
  name: '合同评审',
  version: 1,
  draftId: null,
  subject: null,
  form: {
    formKey: 'contract_form',
    name: '合同评审单',
    schema: { type: 'object', properties: { name: { type: 'string', title: '合同名称' } } },
    uiSchema: {},
  },
  permissions: { name: 'w' },
  data: { name: '测试合同' },
  buttons: [{ alias: 'startFlow', name: '提交' }],
};

function startPage(startForm: () => Response) {
  const sent = stubFetch(({ url }) => {
    if (url.includes('instance/v1/startForm')) return startForm();
    if (url.includes('instance/v1/start')) return envelope({ instId: 'i1', subject: '合同评审' });
    if (url.includes('getAfterJumpNodes')) return envelope([]);
    if (url.includes('routePreview')) return envelope({ steps: [] });
    return envelope(null, { code: 404, message: `unexpected ${url}`, status: 404 });
  });
  renderRoutes(<Route path="/matter/startProcess" element={<StartProcessPage />} />, PATH);
  return sent;
}

beforeAll(() => loadApprovalTexts());
afterEach(() => vi.unstubAllGlobals());

describe('发起流程 from a record', () => {
  it('opens the flow’s start form prefilled from the record and starts it with the record', async () => {
    const sent = startPage(() => envelope(START_FORM));
    expect(await screen.findByDisplayValue('测试合同')).toBeTruthy();
    const asked = sent.find((r) => r.url.includes('instance/v1/startForm'))!;
    expect(Object.fromEntries(new URL(asked.url, 'http://x').searchParams)).toEqual({
      defKey: 'contract_review',
      ...RECORD,
    });
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(sent.some((r) => r.url.endsWith('instance/v1/start'))).toBe(true));
    const started = sent.find((r) => r.url.endsWith('instance/v1/start'))!;
    expect(started.body).toMatchObject({ defId: 'd1', data: { name: '测试合同' }, ...RECORD });
  });

  it('says so when the record or the flow may not be used', async () => {
    startPage(() => envelope(null, { code: 403, message: 'no', status: 403 }));
    expect(await screen.findByText('无法从该记录发起流程：记录或流程不存在，或您无权使用')).toBeTruthy();
  });
});
