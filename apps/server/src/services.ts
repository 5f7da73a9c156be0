import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { OfficeConverter } from './files/convert.js';
import type { FileStore } from './files/store.js';
import type { FileOwnerReaders } from './modules/portal/file-access.js';
import type { PushHub } from './modules/push/push.hub.js';
import type { ImageLinks } from './security/file-links.js';
import type { AuditChain } from './modules/audit/audit-chain.js';
import type { PasswordNonces } from './security/password-transport.js';
import type { LoginKeys } from './security/rsa.js';
import type { TokenService } from './security/tokens.js';

/** What handlers and services are built with: one instance per app. */
export interface Services {
  config: Config;
  db: Db;
  keys: LoginKeys;
  /** the server's nonces to encrypt with a password (replay protection) */
  passwordNonces: PasswordNonces;
  tokens: TokenService;
  files: FileStore;
  /** who may read the files attached to each kind of owner */
  fileReaders: FileOwnerReaders;
  /** signed addresses of images, shown without the bearer token */
  imageLinks: ImageLinks;
  /** office documents to PDF for their preview; null when none is configured */
  converter: OfficeConverter | null;
  /** the live push streams of this process */
  push: PushHub;
  /** the audit records' keyed hash chain */
  auditChain: AuditChain;
}
