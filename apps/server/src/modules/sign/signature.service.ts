import type { ElectronicSeal, MySignature } from '@eip/contracts';
import { readableSize } from '@eip/contracts/utils';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Executor } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { AppError, badRequest, forbidden, notFound } from '../../errors.js';
import { openPassword } from '../../security/password-transport.js';
import { hashPassword, verifyDecoy, verifyPassword } from '../../security/passwords.js';
import type { AuthContext } from '../../security/tokens.js';
import type { Services } from '../../services.js';
import { beginAttempt, clearAttempts, failAttempt } from '../auth/login-throttle.js';
import { findFile, insertFile, linkFiles } from '../portal/file.repository.js';
import { findUserById } from '../uc/user.repository.js';
import { cleanSignImage, SIGN_IMAGE_LIMIT_BYTES } from './image.js';
import * as repo from './sign.repository.js';

/** The shortest signing password (spec §5 helpers: a password has at least 6 characters). */
const PASSWORD_MIN_LENGTH = 6;

const describe = (profile: repo.ProfileRow | undefined): MySignature => ({
  signatureFileId: profile?.signatureFileId ?? null,
  hasPassword: Boolean(profile?.passwordHash),
  updateTime: profile ? profile.updatedAt.toISOString() : null,
});

export const mySignature = async (services: Services, auth: AuthContext) =>
  describe(await repo.findProfile(services.db, auth.tenantId, auth.userId));

async function readAll(stream: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      stream.destroy();
      throw new AppError(413, 'sign.imageTooLarge', { limit: readableSize(limit) });
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * Stores a cleaned copy of an image the caller uploaded for `purpose` (signature or seal) and links it to
 * its owner so the cleanup keeps it. Another user's upload, or one made for something else, is unknown.
 */
export async function storeSignImage(
  services: Services,
  db: Executor,
  auth: AuthContext,
  uploadId: string,
  purpose: 'signature' | 'seal',
  owner: { type: string; id: string },
): Promise<string> {
  const upload = await findFile(db, auth.tenantId, uploadId);
  if (!upload || upload.createdBy !== auth.userId || upload.purpose !== purpose)
    throw notFound('file.notFound', { id: uploadId });
  if (upload.size > SIGN_IMAGE_LIMIT_BYTES)
    throw new AppError(413, 'sign.imageTooLarge', { limit: readableSize(SIGN_IMAGE_LIMIT_BYTES) });
  const bytes = await readAll(services.files.get(auth.tenantId, upload.id), SIGN_IMAGE_LIMIT_BYTES);
  const png = await cleanSignImage(bytes).catch(() => {
    throw badRequest('sign.badImage');
  });
  if (!png) throw badRequest('sign.emptyImage');
  const fileId = newId();
  const size = await services.files.put(auth.tenantId, fileId, Readable.from([png]));
  await insertFile(db, {
    tenantId: auth.tenantId,
    id: fileId,
    name: `${purpose}.png`,
    contentType: 'image/png',
    size,
    createdBy: auth.userId,
    purpose,
  });
  await linkFiles(db, auth.tenantId, owner, [fileId]);
  return fileId;
}

/** 我的签章: makes an uploaded image (drawn on the pad or a picture) the caller's signature. */
export async function saveMySignature(services: Services, auth: AuthContext, uploadId: string) {
  return services.db.transaction(async (tx) => {
    await repo.lockProfile(tx, auth.tenantId, auth.userId);
    await repo.unlinkFile(tx, auth.tenantId, repo.SIGNATURE_FILES, auth.userId);
    const owner = { type: repo.SIGNATURE_FILES, id: auth.userId };
    const fileId = await storeSignImage(services, tx, auth, uploadId, 'signature', owner);
    return describe(await repo.updateProfile(tx, auth.tenantId, auth.userId, { signatureFileId: fileId }));
  });
}

export async function removeMySignature(services: Services, auth: AuthContext) {
  const current = await repo.findProfile(services.db, auth.tenantId, auth.userId);
  if (!current?.signatureFileId) return describe(current);
  return services.db.transaction(async (tx) => {
    await repo.lockProfile(tx, auth.tenantId, auth.userId);
    await repo.unlinkFile(tx, auth.tenantId, repo.SIGNATURE_FILES, auth.userId);
    return describe(await repo.updateProfile(tx, auth.tenantId, auth.userId, { signatureFileId: null }));
  });
}

/**
 * Checks the caller's signing password with the sign-in throttle around it (the same settings): the
 * attempt is counted first, repeated attempts slow down, and past the limit the signing password is
 * locked for the sign-in lock time. The sign-in password has its own count.
 */
async function checkSignPassword(
  services: Services,
  auth: AuthContext,
  passwordHash: string | null,
  password: string,
  address: string,
) {
  const { db, config } = services;
  const limits = {
    slowAfter: config.loginSlowAfter,
    lockAfter: config.loginLockAfter,
    lockMinutes: config.loginLockMinutes,
    addressLockAfter: config.loginAddressLockAfter,
  };
  const key = `sign:${auth.tenantId}:${auth.userId}`;
  const attempt = await beginAttempt(db, key, address, limits);
  if (attempt.locked) throw new AppError(429, 'sign.locked', { minutes: attempt.minutes });
  if (attempt.delayMs > 0) await sleep(attempt.delayMs);
  // no signing password set: the check fails like a wrong one, as slowly, and is counted the same
  const valid = passwordHash ? await verifyPassword(passwordHash, password) : await verifyDecoy(password);
  if (!valid) {
    if (await failAttempt(db, key, address, attempt.attempts, limits))
      throw new AppError(429, 'sign.locked', { minutes: limits.lockMinutes });
    throw badRequest('sign.badPassword');
  }
  await clearAttempts(db, key);
}

/** Sets the signing password; once one is set, changing it needs the old one. */
export async function setSignPassword(
  services: Services,
  auth: AuthContext,
  input: { oldPassword?: string; newPassword: string },
  address: string,
) {
  const newPassword = await openPassword(services, input.newPassword);
  if ([...newPassword].length < PASSWORD_MIN_LENGTH) throw badRequest('sign.passwordTooShort');
  const current = await repo.findProfile(services.db, auth.tenantId, auth.userId);
  if (current?.passwordHash) {
    if (!input.oldPassword) throw badRequest('sign.oldPasswordRequired');
    const old = await openPassword(services, input.oldPassword);
    await checkSignPassword(services, auth, current.passwordHash, old, address);
  }
  const passwordHash = await hashPassword(newPassword);
  return services.db.transaction(async (tx) => {
    await repo.lockProfile(tx, auth.tenantId, auth.userId);
    return describe(await repo.updateProfile(tx, auth.tenantId, auth.userId, { passwordHash }));
  });
}

/** Whether the user may use the seal: named on it, or the leader of an org named on it. */
export async function mayUseSeal(db: Executor, tenantId: string, userId: string, seal: repo.SealRow) {
  if (seal.userIds.includes(userId)) return true;
  const led = await repo.ledOrgIds(db, tenantId, userId);
  return led.some((orgId) => seal.leaderOrgIds.includes(orgId));
}

/**
 * Spec §7 getElectronicSeal: the caller's signature (or the seal named) to place on a form, after the
 * signing password — or without it when the field is secretFree (the form's submission checks that the
 * field really is). Every image handed out is recorded as a grant; placing it on a form uses the grant
 * up. Without a signature or a usable seal the answer is the spec's 未获取到签章 warning.
 */
export async function getElectronicSeal(
  services: Services,
  auth: AuthContext,
  query: { password?: string; secretFree?: 'true' | 'false'; sealId?: string },
  address: string,
): Promise<ElectronicSeal> {
  const { db } = services;
  const secretFree = query.secretFree === 'true';
  const profile = await repo.findProfile(db, auth.tenantId, auth.userId);
  if (!secretFree) {
    if (!query.password) throw badRequest('sign.passwordRequired');
    const password = await openPassword(services, query.password);
    await checkSignPassword(services, auth, profile?.passwordHash ?? null, password, address);
  }
  let placed: { fileId: string; name: string; sealId: string | null };
  if (query.sealId) {
    const seal = await repo.findSeal(db, auth.tenantId, query.sealId);
    if (!seal) throw notFound('sign.sealNotFound', { id: query.sealId });
    if (!(await mayUseSeal(db, auth.tenantId, auth.userId, seal))) throw forbidden('sign.sealNotYours');
    placed = { fileId: seal.fileId, name: seal.name, sealId: seal.id };
  } else {
    if (!profile?.signatureFileId) throw badRequest('sign.noSeal');
    const user = await findUserById(db, auth.tenantId, auth.userId);
    placed = { fileId: profile.signatureFileId, name: user?.fullname ?? auth.account, sealId: null };
  }
  await repo.insertGrant(db, {
    tenantId: auth.tenantId,
    id: newId(),
    userId: auth.userId,
    sealId: placed.sealId,
    fileId: placed.fileId,
    passwordChecked: !secretFree,
  });
  return placed;
}
