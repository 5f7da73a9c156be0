import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { FileStore } from './files/store.js';
import type { FileOwnerReaders } from './modules/portal/file-access.js';
import type { LoginKeys } from './security/rsa.js';
import type { TokenService } from './security/tokens.js';

/** What handlers and services are built with: one instance per app. */
export interface Services {
  config: Config;
  db: Db;
  keys: LoginKeys;
  tokens: TokenService;
  files: FileStore;
  /** who may read the files attached to each kind of owner */
  fileReaders: FileOwnerReaders;
}
