import { Readable } from 'node:stream';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { newId } from '../db/ids.js';
import * as t from '../db/schema.js';
import type { FileStore } from '../files/store.js';
import { SIGNATURE_FILES } from '../modules/sign/sign.repository.js';
import { findTenantByCode } from '../modules/uc/tenant.repository.js';
import { hashPassword } from '../security/passwords.js';
import { PLATFORM, SECOND_TENANT } from './demo-data.js';

/** The signing password of the demo leaders and secretaries (README.md, demo accounts); 6 characters or more. */
export const DEMO_SIGN_PASSWORD = 'Sign@2026';

const WIDTH = 240;
const HEIGHT = 80;

/** A small deterministic random source, so that every leader's signature has its own shape. */
function randomFrom(seed: number) {
  let state = seed * 2654435761;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/**
 * A handwritten-looking signature without a font: one pen stroke of loops rising and falling left to
 * right, and a flourish under it, on a transparent background.
 */
export function signatureSvg(seed: number): string {
  const random = randomFrom(seed);
  let x = 14;
  let path = `M${x} 50`;
  while (x < WIDTH - 50) {
    const width = 16 + random() * 14;
    const rise = 18 + random() * 26;
    path += ` C${(x + width * 0.2).toFixed(1)} ${(50 - rise).toFixed(1)} ${(x + width).toFixed(1)} ${(50 - rise).toFixed(1)} ${(x + width * 0.6).toFixed(1)} 52`;
    path += ` S${(x + width * 1.1).toFixed(1)} 56 ${(x + width * 1.3).toFixed(1)} 48`;
    x += width * 1.3;
  }
  const flourish = `M20 ${66 + random() * 4} Q${WIDTH / 2} ${58 + random() * 6} ${WIDTH - 20} ${62 + random() * 8}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}"><g fill="none" stroke="#1d2b53" stroke-linecap="round" stroke-linejoin="round"><path d="${path}" stroke-width="3"/><path d="${flourish}" stroke-width="2"/></g></svg>`;
}

/**
 * Gives the demo leaders of both tenants and their secretaries (those who approve leave at 部门领导审批, where
 * the signature is required) a signature image — stored like one saved on 我的签章: a transparent PNG in the file store,
 * linked to its owner — and, while the demo users keep the published sign-in password, the published demo
 * signing password too (with a sign-in password of the operator's own, each signer sets one on 我的签章: a
 * published signing password would make signing prove nothing). The image bytes go to `files` when given.
 */
export async function seedSignatures(db: Db, withDemoPassword: boolean, files?: FileStore) {
  // sharp (libvips) renders the stroke; one slow hash serves every leader (a published demo password)
  const [{ default: sharp }, passwordHash] = await Promise.all([
    import('sharp'),
    withDemoPassword ? hashPassword(DEMO_SIGN_PASSWORD) : null,
  ]);
  for (const demo of [PLATFORM, SECOND_TENANT]) {
    const tenant = await findTenantByCode(db, demo.code);
    if (!tenant) throw new Error(`demo tenant ${demo.code} is missing`);
    const signers = [
      ...demo.users.filter((u) => u.leader).map((u) => u.account),
      ...Object.values(demo.secretaries).flat(),
    ];
    const rows = await db
      .select({ id: t.users.id, account: t.users.account })
      .from(t.users)
      .where(and(eq(t.users.tenantId, tenant.id), inArray(t.users.account, signers)));
    const signed = await Promise.all(
      rows.map(async (user, i) => {
        // eight colours keep the ink's smooth edge in about 2 KB (it counts against the signer's file quota)
        const png = await sharp(Buffer.from(signatureSvg(i + 1)))
          .png({ palette: true, colours: 8 })
          .toBuffer();
        return { user, png, fileId: newId() };
      }),
    );
    await db.insert(t.sysFiles).values(
      signed.map(({ user, png, fileId }) => ({
        tenantId: tenant.id,
        id: fileId,
        name: 'signature.png',
        contentType: 'image/png',
        size: png.length,
        createdBy: user.id,
        purpose: 'signature',
      })),
    );
    await db.insert(t.sysFileLinks).values(
      signed.map(({ user, fileId }) => ({
        tenantId: tenant.id,
        fileId,
        ownerType: SIGNATURE_FILES,
        ownerId: user.id,
      })),
    );
    await db.insert(t.signProfiles).values(
      signed.map(({ user, fileId }) => ({
        tenantId: tenant.id,
        userId: user.id,
        signatureFileId: fileId,
        passwordHash,
      })),
    );
    if (files) {
      for (const { png, fileId } of signed) await files.put(tenant.id, fileId, Readable.from([png]));
    }
  }
}
