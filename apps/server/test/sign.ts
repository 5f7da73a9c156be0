import sharp from 'sharp';
import { expect } from 'vitest';
import { DEMO_SIGN_PASSWORD } from '../src/seed/signatures.js';
import type { TestApp } from './app.js';
import { uploadFile } from './upload.js';

/** A drawn signature as the pad uploads it: a dark stroke on white. */
export const inkImage = () =>
  sharp({ create: { width: 120, height: 40, channels: 3, background: '#ffffff' } })
    .composite([
      { input: { create: { width: 80, height: 12, channels: 3, background: '#000' } }, left: 20, top: 14 },
    ])
    .png()
    .toBuffer();

/**
 * Gives the caller a signature of their own on 我的签章 (the seeded leaders' images have no bytes in a
 * test's file store) and the demo signing password, which the seeded leaders and secretaries have already.
 */
export async function giveSignature(t: TestApp, token: string) {
  const upload = await uploadFile(t, token, 'sign.png', await inkImage(), 'image/png', 'signature');
  const saved = await t.call('saveMySignature', { token, body: { fileId: upload.body.value.fileId } });
  expect(saved.body.state, saved.body.message).toBe(true);
  // each password is encrypted on its own: a ciphertext is accepted once
  const set = await t.call('setSignPassword', {
    token,
    body: {
      oldPassword: await t.encrypt(DEMO_SIGN_PASSWORD),
      newPassword: await t.encrypt(DEMO_SIGN_PASSWORD),
    },
  });
  expect(set.body.state, set.body.message).toBe(true);
}

/**
 * The caller's signature entry for a signature field, taken as the signature button takes it: the seal
 * call getElectronicSeal with the demo signing password, or secretFree. The server fills in the entry's
 * time and proof when the form is submitted.
 */
export async function signatureEntry(t: TestApp, token: string, { secretFree = false } = {}) {
  const query = secretFree ? { secretFree: 'true' } : { password: await t.encrypt(DEMO_SIGN_PASSWORD) };
  const { body } = await t.call('getElectronicSeal', { token, query });
  expect(body.state, body.message).toBe(true);
  const me = await t.call('getDetailByAccountOrId', { token, body: {} });
  return {
    index: 0,
    userId: me.body.value.user.id,
    name: body.value.name,
    signature: body.value.fileId,
    createTime: 'now',
  };
}

/** The form data that signs the leave request's 领导签字 (required at its leader node) as the caller. */
export const leaderSigned = async (t: TestApp, token: string) => ({
  leaderSign: [await signatureEntry(t, token)],
});
