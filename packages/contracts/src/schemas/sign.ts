import { Type, type Static } from '@sinclair/typebox';
import { Id, InstAsLeader, Nullable } from './bpm.js';
import type { RouteSchemas } from './route-schemas.js';

/** The kinds of seal: 公章, 合同专用章, a person's name seal. */
export const SEAL_KINDS = ['official', 'contract', 'personal'] as const;
export type SealKind = (typeof SEAL_KINDS)[number];

const Flag = Type.Union([Type.Literal('true'), Type.Literal('false')]);
/** A password encrypted with the key of getPublicKey (as at sign-in: RSA, or SM2 under GM_MODE). */
const EncryptedPassword = Type.String({ minLength: 1, maxLength: 1024 });

/** What getElectronicSeal hands out to place on a form: the user's signature or one of their seals. */
export const ElectronicSeal = Type.Object({
  /** the image's file id: the signature entry's `signature` */
  fileId: Type.String(),
  /** the signer's name, or the seal's */
  name: Type.String(),
  sealId: Nullable(Type.String()),
});
export type ElectronicSeal = Static<typeof ElectronicSeal>;

export const Seal = Type.Object({
  id: Type.String(),
  name: Type.String(),
  kind: Type.Union(SEAL_KINDS.map((k) => Type.Literal(k))),
  fileId: Type.String(),
});
export type Seal = Static<typeof Seal>;

/** A seal as its administrator sees it: who may use it. */
export const ManagedSeal = Type.Composite([
  Seal,
  Type.Object({
    users: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
    leaderOrgs: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
    createTime: Type.String(),
  }),
]);
export type ManagedSeal = Static<typeof ManagedSeal>;

export const MySignature = Type.Object({
  signatureFileId: Nullable(Type.String()),
  hasPassword: Type.Boolean(),
  updateTime: Nullable(Type.String()),
});
export type MySignature = Static<typeof MySignature>;

/** One use of a seal or signature (the audit of seal use). */
export const SealUse = Type.Object({
  id: Type.String(),
  userId: Type.String(),
  userName: Nullable(Type.String()),
  issueTime: Type.String(),
  useTime: Nullable(Type.String()),
  instanceId: Nullable(Type.String()),
  subject: Nullable(Type.String()),
  formKey: Nullable(Type.String()),
  field: Nullable(Type.String()),
});
export type SealUse = Static<typeof SealUse>;

export const SIGNATURE_STATUSES = ['intact', 'changed', 'invalid'] as const;
export type SignatureStatus = (typeof SIGNATURE_STATUSES)[number];

/** One signature of a request as the 验证签名 view lists it. */
export const SignatureCheck = Type.Object({
  field: Type.String(),
  index: Type.Integer(),
  userId: Type.String(),
  name: Type.String(),
  signature: Type.String({ description: 'the image’s file id' }),
  createTime: Type.String(),
  nodeId: Nullable(Type.String()),
  status: Type.Union(
    SIGNATURE_STATUSES.map((s) => Type.Literal(s)),
    {
      description:
        'intact: the data the signer saw is unchanged; changed: it was changed since (changedFields); invalid: the entry is not one the server signed',
    },
  ),
  changedFields: Type.Array(Type.String()),
});
export type SignatureCheck = Static<typeof SignatureCheck>;

/** Schemas of the signature and seal routes (spec §7 uc/electronicSeal). */
export const signSchemas = {
  getElectronicSeal: {
    summary:
      'Spec §7: the signature (or, with sealId, the seal) the caller places on a form. With the signing password, or without it where the field is secretFree; wrong passwords are throttled and locked like sign-in',
    query: Type.Object({
      password: Type.Optional(EncryptedPassword),
      secretFree: Type.Optional(Flag),
      sealId: Type.Optional(Id),
    }),
    value: ElectronicSeal,
  },
  getSealByCurrentUserId: {
    summary: 'Spec §7: the seals the caller may use (named, or as the leader of an org)',
    value: Type.Array(Seal),
  },
  getMySignature: {
    summary: 'The caller’s handwritten signature and whether a signing password is set (我的签章)',
    value: MySignature,
  },
  saveMySignature: {
    summary:
      'Makes an uploaded PNG or JPEG (purpose signature) the caller’s signature: trimmed, on a transparent background',
    body: Type.Object({ fileId: Id }),
    value: MySignature,
  },
  removeMySignature: {
    summary: 'Removes the caller’s signature image',
    value: MySignature,
  },
  setSignPassword: {
    summary:
      'Sets the caller’s signing password (separate from the sign-in password); changing it asks for the old one',
    body: Type.Object({ oldPassword: Type.Optional(EncryptedPassword), newPassword: EncryptedPassword }),
    value: MySignature,
  },
  listSeals: {
    summary: 'Administrators: every seal of the tenant and who may use it',
    value: Type.Array(ManagedSeal),
  },
  saveSeal: {
    summary:
      'Administrators: creates (no id) or changes a seal: its name, kind, image (an upload of purpose seal) and who may use it',
    body: Type.Object({
      id: Type.Optional(Id),
      name: Type.String({ minLength: 1, maxLength: 100 }),
      kind: Type.Union(SEAL_KINDS.map((k) => Type.Literal(k))),
      fileId: Id,
      userIds: Type.Array(Id, { maxItems: 500 }),
      leaderOrgIds: Type.Array(Id, { maxItems: 500 }),
    }),
    value: ManagedSeal,
  },
  removeSeal: {
    summary: 'Administrators: removes a seal (its uses stay in the audit)',
    query: Type.Object({ id: Id }),
    value: Type.Null(),
  },
  verifySignatures: {
    summary:
      '验证签名: every signature of a request, checked against the data it signed (SHA-256, or SM3 under GM_MODE, of RFC 8785 JSON) and the server’s Ed25519 (or SM2) proof',
    query: InstAsLeader,
    value: Type.Array(SignatureCheck),
  },
  getSealUses: {
    summary: 'Administrators: the uses of a seal, newest first (who, which form, which record, when)',
    query: Type.Object({ sealId: Id }),
    value: Type.Array(SealUse),
  },
} as const satisfies Record<string, RouteSchemas>;
