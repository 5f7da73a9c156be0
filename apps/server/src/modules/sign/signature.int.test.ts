import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { uploadFile } from '../../../test/upload.js';
import { orgs, signGrants, sysFileLinks } from '../../db/schema.js';
import { DEMO_SIGN_PASSWORD } from '../../seed/signatures.js';

let t: TestApp;
let zhuting: string;
let admin: string;
let acmeAdmin: string;

const stroke = { create: { width: 40, height: 40, channels: 3 as const, background: '#101010' } };
/** A signature as a camera sees it: two dark strokes, 120 × 40 in all, on white paper. */
const inkOnPaper = (format: 'png' | 'jpeg' = 'png') => {
  const paper = sharp({ create: { width: 300, height: 150, channels: 3, background: '#ffffff' } }).composite([
    { input: stroke, left: 90, top: 60 },
    { input: stroke, left: 170, top: 60 },
  ]);
  return (format === 'png' ? paper.png() : paper.jpeg()).toBuffer();
};

const upload = async (token: string, bytes: Buffer, purpose: 'signature' | 'seal', name = 'sign.png') => {
  const answer = await uploadFile(t, token, name, bytes, 'image/png', purpose);
  expect(answer.status).toBe(200);
  return answer.body.value.fileId;
};

const download = (token: string, fileId: string) =>
  t.app.inject({
    method: 'GET',
    url: `/portal/system/file/downloadFile?fileId=${fileId}`,
    headers: { authorization: `Bearer ${token}` },
  });

const seal = async (token: string, query: Record<string, string>) =>
  t.call('getElectronicSeal', { token, query });

beforeAll(async () => {
  t = await createTestApp();
  zhuting = await t.login('zhuting');
  admin = await t.login('admin');
  const acme = (await t.call('getTenantByCode', { query: { code: 'acme' } })).body.value;
  acmeAdmin = await t.login('admin', undefined, acme.id);
});
afterAll(() => t.close());

describe('我的签章: a person’s signature and signing password', () => {
  it('keeps an uploaded signature trimmed to its ink on a transparent background', async () => {
    const fileId = await upload(zhuting, await inkOnPaper('jpeg'), 'signature', 'photo.jpg');
    const saved = await t.call('saveMySignature', { token: zhuting, body: { fileId } });
    expect(saved.status).toBe(200);
    const stored = saved.body.value.signatureFileId!;
    expect(stored).not.toBe(fileId);
    const image = await download(zhuting, stored);
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta.format).toBe('png');
    expect(meta.hasAlpha).toBe(true);
    // JPEG's ringing around the ink may keep a pixel or two of border
    expect(meta.width).toBeLessThanOrEqual(124);
    expect(meta.height).toBeLessThanOrEqual(44);
    const { data, info } = await sharp(image.rawPayload).raw().toBuffer({ resolveWithObject: true });
    // the paper between the strokes is transparent
    expect(data[(20 * info.width + Math.round(info.width / 2)) * 4 + 3]).toBe(0);
    const mine = await t.call('getMySignature', { token: zhuting });
    expect(mine.body.value.signatureFileId).toBe(stored);
  });

  it('refuses a blank pad, a non-image, another user’s upload and another purpose', async () => {
    const blank = await sharp({ create: { width: 50, height: 50, channels: 4, background: '#ffffff00' } })
      .png()
      .toBuffer();
    const blankId = await upload(zhuting, blank, 'signature');
    const refused = await t.call('saveMySignature', { token: zhuting, body: { fileId: blankId } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('签章图片是空白的');
    const text = await uploadFile(t, zhuting, 'sign.png', 'not an image', 'image/png', 'signature');
    expect(text.status).toBe(400);
    const lina = await t.login('lina');
    const hers = await upload(lina, await inkOnPaper(), 'signature');
    expect((await t.call('saveMySignature', { token: zhuting, body: { fileId: hers } })).status).toBe(404);
    const opinionFile = await upload(zhuting, await inkOnPaper(), 'seal');
    expect((await t.call('saveMySignature', { token: zhuting, body: { fileId: opinionFile } })).status).toBe(
      404,
    );
  });

  it('the demo leaders come with a signature and the demo signing password; their staff with neither', async () => {
    const hujun = await t.login('hujun');
    const mine = (await t.call('getMySignature', { token: hujun })).body.value;
    expect(mine).toMatchObject({ signatureFileId: expect.any(String), hasPassword: true });
    const placed = await seal(hujun, { password: await t.encrypt(DEMO_SIGN_PASSWORD) });
    expect(placed.body.value).toEqual({ fileId: mine.signatureFileId, name: '胡军', sealId: null });
    const heyu = await t.login('heyu');
    expect((await t.call('getMySignature', { token: heyu })).body.value).toMatchObject({
      signatureFileId: null,
      hasPassword: false,
    });
  });

  it('sets a signing password, and asks for the old one to change it', async () => {
    const gaofeng = await t.login('gaofeng');
    const set = await t.call('setSignPassword', {
      token: gaofeng,
      body: { newPassword: await t.encrypt('sign-1234') },
    });
    expect(set.status).toBe(200);
    expect(set.body.value.hasPassword).toBe(true);
    const withoutOld = await t.call('setSignPassword', {
      token: gaofeng,
      body: { newPassword: await t.encrypt('sign-5678') },
    });
    expect(withoutOld.status).toBe(400);
    expect(withoutOld.body.message).toBe('请输入原签章密码');
    const wrongOld = await t.call('setSignPassword', {
      token: gaofeng,
      body: { oldPassword: await t.encrypt('nope-nope'), newPassword: await t.encrypt('sign-5678') },
    });
    expect(wrongOld.status).toBe(400);
    const changed = await t.call('setSignPassword', {
      token: gaofeng,
      body: { oldPassword: await t.encrypt('sign-1234'), newPassword: await t.encrypt('sign-5678') },
    });
    expect(changed.status).toBe(200);
    const short = await t.call('setSignPassword', {
      token: gaofeng,
      body: { oldPassword: await t.encrypt('sign-5678'), newPassword: await t.encrypt('12345') },
    });
    expect(short.status).toBe(400);
  });
});

describe('getElectronicSeal (spec §7 uc/electronicSeal)', () => {
  it('hands out the signature with the right password, or secretFree; spec §5 warning without one', async () => {
    const gaofeng = await t.login('gaofeng');
    const none = await seal(gaofeng, { secretFree: 'true' });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('未获取到签章，请检查签章配置！');
    const fileId = await upload(gaofeng, await inkOnPaper(), 'signature');
    const saved = (await t.call('saveMySignature', { token: gaofeng, body: { fileId } })).body.value;
    const right = await seal(gaofeng, { password: await t.encrypt('sign-5678') });
    expect(right.status).toBe(200);
    expect(right.body.value).toEqual({ fileId: saved.signatureFileId, name: '高峰', sealId: null });
    const free = await seal(gaofeng, { secretFree: 'true' });
    expect(free.status).toBe(200);
    const missing = await seal(gaofeng, {});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('请输入签章密码');
    const grants = await t.database.db
      .select()
      .from(signGrants)
      .where(eq(signGrants.fileId, saved.signatureFileId!));
    expect(grants.map((g) => g.passwordChecked).sort()).toEqual([false, true]);
  });

  it('throttles wrong passwords and locks after five, like sign-in', async () => {
    const yangli = await t.login('yangli');
    await t.call('setSignPassword', { token: yangli, body: { newPassword: await t.encrypt('right-pass') } });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await seal(yangli, { password: await t.encrypt(`wrong-${i}`) })).status);
    }
    expect(statuses.slice(0, 4)).toEqual([400, 400, 400, 400]);
    expect(statuses[5]).toBe(429);
    const locked = await seal(yangli, { password: await t.encrypt('right-pass') });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/签章密码错误次数过多/);
    // the sign-in password keeps its own count
    expect(await t.login('yangli')).toBeTruthy();
  });
});

describe('seals: managed by administrators, used by the people they name', () => {
  it('lets the named user and the leader of a named org use a seal; others get 403', async () => {
    const fileId = await upload(admin, await inkOnPaper(), 'seal');
    const [finance] = await t.database.db.select({ id: orgs.id }).from(orgs).where(eq(orgs.code, 'finance'));
    const zhuId = (await t.call('getDetailByAccountOrId', { token: zhuting, body: {} })).body.value.user.id;
    const created = await t.call('saveSeal', {
      token: admin,
      body: { name: '合同专用章', kind: 'contract', fileId, userIds: [zhuId], leaderOrgIds: [finance!.id] },
    });
    expect(created.status).toBe(200);
    const sealId = created.body.value.id;
    expect(created.body.value.leaderOrgs[0]!.name).toBe('财务部');
    const links = await t.database.db
      .select()
      .from(sysFileLinks)
      .where(and(eq(sysFileLinks.ownerType, 'seal'), eq(sysFileLinks.ownerId, sealId)));
    expect(links).toHaveLength(1);

    const zhaolei = await t.login('zhaolei');
    for (const token of [zhuting, zhaolei]) {
      const mine = await t.call('getSealByCurrentUserId', { token });
      expect(mine.body.value.map((s) => s.id)).toContain(sealId);
      const used = await seal(token, { secretFree: 'true', sealId });
      expect(used.status).toBe(200);
      expect(used.body.value.name).toBe('合同专用章');
      // whoever may use the seal may see its image
      expect((await download(token, used.body.value.fileId)).statusCode).toBe(200);
    }
    const huangmin = await t.login('huangmin');
    expect((await t.call('getSealByCurrentUserId', { token: huangmin })).body.value).toEqual([]);
    expect((await download(huangmin, created.body.value.fileId)).statusCode).toBe(404);
    expect((await seal(huangmin, { secretFree: 'true', sealId })).status).toBe(403);
    expect((await seal(acmeAdmin, { secretFree: 'true', sealId })).status).toBe(404);

    const uses = await t.call('getSealUses', { token: admin, query: { sealId } });
    expect(uses.body.value).toHaveLength(2);
    expect(uses.body.value.map((u) => u.userName).sort()).toEqual(['朱婷', '赵磊'].sort());
  });

  it('keeps seal management to administrators of the tenant', async () => {
    const fileId = await upload(zhuting, await inkOnPaper(), 'seal');
    const body = { name: '公章', kind: 'official' as const, fileId, userIds: [], leaderOrgIds: [] };
    expect((await t.call('saveSeal', { token: zhuting, body })).status).toBe(403);
    expect((await t.call('listSeals', { token: zhuting })).status).toBe(403);
    const ours = (await t.call('listSeals', { token: admin })).body.value;
    expect(ours.length).toBeGreaterThan(0);
    expect((await t.call('listSeals', { token: acmeAdmin })).body.value).toEqual([]);
    const theirs = await t.call('removeSeal', { token: acmeAdmin, query: { id: ours[0]!.id } });
    expect(theirs.status).toBe(404);
    // another tenant's upload is unknown here
    expect((await t.call('saveSeal', { token: admin, body: { ...body, fileId } })).status).toBe(404);
  });
});
