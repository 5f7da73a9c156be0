import type { FilePreview } from '@eip/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { envelope, stubFetch } from '../../test/fetch';
import { renderRoutes } from '../../test/render';
import { FilePreviewDialog } from './FilePreviewDialog';

const described = (kind: FilePreview['kind'], extra: Partial<FilePreview> = {}): FilePreview => ({
  file: {
    fileId: 'f1',
    fileName: '名单.csv',
    size: 2048,
    contentType: 'text/csv; charset=gb18030',
    purpose: 'opinion',
    description: '第一批',
    creatorId: 'u1',
    creatorName: '林雪',
    createTime: '2026-11-27T06:20:00Z',
    previewKind: kind,
    canEdit: false,
  },
  kind,
  converter: false,
  charset: kind === 'text' ? 'gb18030' : null,
  watermark: { account: 'zhuting', time: '2026-11-27 14:20' },
  ...extra,
});

function open(preview: FilePreview, content: () => Response) {
  const sent = stubFetch((request) =>
    request.url.includes('/file/preview') ? envelope(preview) : content(),
  );
  renderRoutes(
    <Route
      path="*"
      element={<FilePreviewDialog target={{ fileId: 'f1', name: '名单.csv' }} onClose={() => undefined} />}
    />,
    '/index',
  );
  return sent;
}

describe('the file preview dialog', () => {
  it('shows text in its character set, with who uploaded it, when and how large', async () => {
    // 张三 in GB18030
    open(described('text'), () => new Response(new Uint8Array([0xd5, 0xc5, 0xc8, 0xfd])));
    expect(await screen.findByText('张三', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('dialog', { name: '文件预览：名单.csv' })).toBeTruthy();
    expect(screen.getByText(/^上传人：林雪 · 2026-11-27 \d{2}:\d{2} · 2\.0 KB$/)).toBeTruthy();
    expect(screen.getByText('第一批')).toBeTruthy();
  });

  it('says an office document needs a converter and offers the download, without fetching the bytes', async () => {
    const sent = open(described('office'), () => envelope(null));
    expect(
      await screen.findByText('未配置文档转换服务，无法在线预览 Office 文档', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /下\s*载/ }).length).toBeGreaterThan(0);
    expect(sent.some((request) => request.url.includes('getFileById_'))).toBe(false);
  });

  it('shows 文件无法预览 with the server’s reason when the bytes cannot be had', async () => {
    open(described('office', { converter: true }), () =>
      envelope(null, { code: 422, status: 422, message: '文件无法预览：文档转换失败，请下载后查看' }),
    );
    expect(await screen.findByText('文件无法预览', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('文件无法预览：文档转换失败，请下载后查看')).toBeTruthy();
  });

  it('lets the uploader edit the name and description', async () => {
    const sent = open(described('none', { file: { ...described('none').file, canEdit: true } }), () =>
      envelope([]),
    );
    fireEvent.click(await screen.findByRole('button', { name: /编辑信息/ }, { timeout: 5000 }));
    const name = await screen.findByLabelText('文件名');
    fireEvent.change(name, { target: { value: '名单（终版）.csv' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await screen.findByText('文件信息已保存', {}, { timeout: 5000 });
    const update = sent.find((request) => request.url.includes('updateFileExtraProp'));
    expect(update?.body).toEqual([{ fileId: 'f1', fileName: '名单（终版）.csv', description: '第一批' }]);
  });
});
