import { expect } from 'vitest';
import { api } from './api';

export type Entry = { id: string; title: string };

/** Saves and publishes an entry through the API as the 新闻管理员. */
export async function publishByApi(
  base: string,
  token: string,
  body: Record<string, unknown>,
): Promise<Entry> {
  const saved = await api<Entry>(base, 'POST', '/portal/portalNewsNotice/v1/save', { token, body });
  expect(saved.envelope.state, saved.envelope.message).toBe(true);
  const published = await api<Entry>(
    base,
    'POST',
    `/portal/portalNewsNotice/v1/publish?id=${saved.envelope.value.id}`,
    {
      token,
    },
  );
  expect(published.envelope.state, published.envelope.message).toBe(true);
  return published.envelope.value;
}

export async function classifyId(base: string, token: string, typeKey: string) {
  const types = await api<{ id: string }[]>(
    base,
    'GET',
    `/portal/sys/sysType/v1/getTypesByKey?typeKey=${typeKey}`,
    {
      token,
    },
  );
  return types.envelope.value[0]!.id;
}

/** Uploads a file for a purpose through the API, as the web app's forms do; answers its id and name. */
export async function uploadByApi(
  base: string,
  token: string,
  name: string,
  bytes: Buffer,
  purpose: 'opinion' | 'newsAttachment' | 'newsCover' | 'newsImage',
) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const response = await fetch(`${base}/portal/system/file/upload?purpose=${purpose}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Accept-Language': 'zh-CN' },
    body: form,
  });
  const envelope = (await response.json()) as {
    state: boolean;
    message: string;
    value: { fileId: string; fileName: string };
  };
  expect(envelope.state, envelope.message).toBe(true);
  return envelope.value;
}
