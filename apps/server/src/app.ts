import { pickLanguage, PRODUCT_VERSION, type Language } from '@eip/contracts/codes';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { ping, type Database } from './db/client.js';
import { newId } from './db/ids.js';
import { registerErrorHandling, sendError } from './http/envelope.js';
import { registerRoutes, type Handlers } from './http/register.js';
import { registerJsonBodyParser } from './http/json-body.js';
import { logSerializers } from './http/logging.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { isSpaDeepLink, registerCompression, registerSpa } from './http/spa.js';
import { authHandlers } from './modules/auth/auth.routes.js';
import { bpmPersonalHandlers } from './modules/bpm-personal/bpm-personal.routes.js';
import { bpmHandlers } from './modules/bpm/bpm.routes.js';
import { distributionHandlers } from './modules/bpm-distribution/distribution.routes.js';
import { instanceHandlers } from './modules/bpm/instance.routes.js';
import { INSTANCE_FILES, readInstanceFiles } from './modules/bpm/instance-files.js';
import { MESSAGE_FILES } from './modules/portal/message-send.repository.js';
import { readMessageFiles } from './modules/portal/message.service.js';
import { taskHandlers } from './modules/bpm/task.routes.js';
import { CONTENT_FILES } from './modules/content/content.repository.js';
import { contentHandlers } from './modules/content/content.routes.js';
import { homeHandlers } from './modules/home/home.routes.js';
import { readContentFiles } from './modules/content/content-files.js';
import { mailHandlers } from './modules/mail/mail.routes.js';
import { MAIL_FILES } from './modules/mail/account.repository.js';
import { readMailFiles } from './modules/mail/mail.service.js';
import { miscHandlers } from './modules/misc/misc.routes.js';
import { dataHandlers } from './modules/data/data.routes.js';
import { queryHandlers } from './modules/query/query.routes.js';
import { fileHandlers } from './modules/portal/file.routes.js';
import { messageHandlers } from './modules/portal/message.routes.js';
import { portalHandlers } from './modules/portal/portal.routes.js';
import { shortUrlHandlers } from './modules/portal/short-url.routes.js';
import { sysPropertyHandlers } from './modules/portal/sys-property.routes.js';
import { createPushHub } from './modules/push/push.hub.js';
import { pushHandlers } from './modules/push/push.routes.js';
import { installProofKeys } from './modules/sign/proof.js';
import { readSealFiles } from './modules/sign/seal.service.js';
import { SEAL_FILES } from './modules/sign/sign.repository.js';
import { signHandlers } from './modules/sign/sign.routes.js';
import { auditHandlers } from './modules/audit/audit.routes.js';
import { ucHandlers } from './modules/uc/uc.routes.js';
import { deriveKey, loadMasterSecret } from './security/secret.js';
import { auditChain } from './modules/audit/audit-chain.js';
import { passwordNonces } from './security/password-transport.js';
import { loadLoginKeys, sm2LoginKeys } from './security/rsa.js';
import { createImageLinks } from './security/file-links.js';
import { createTokenService } from './security/tokens.js';
import type { Services } from './services.js';
import { libreOfficeConverter } from './files/convert.js';
import { configuredFileStore } from './files/store.js';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Language;
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
  /** false keeps the log quiet (tests); a level or a stream (instead of standard output) changes the default */
  logger?: false | { level?: string; stream?: NodeJS.WritableStream };
}

/** Builds the whole app (API, docs, SPA) without listening: tests call it through inject. */
export async function buildApp({ config, database, logger }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger === false ? false : { level: config.logLevel, serializers: logSerializers, ...logger },
    genReqId: () => newId(),
    requestIdHeader: false,
    bodyLimit: config.bodyLimitBytes,
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false } },
  });
  app.decorateRequest('lang', 'zh-CN');
  app.addHook('onRequest', async (request, reply) => {
    request.lang = pickLanguage(request.headers['accept-language']);
    reply.header('x-request-id', request.id);
  });
  registerErrorHandling(app);
  registerJsonBodyParser(app);
  registerSecurityHeaders(app, config.webDistDir);
  await registerCompression(app);

  const master = loadMasterSecret(config.secretKey, config.dataDir);
  installProofKeys(master, config.gmMode);
  const services: Services = {
    config,
    db: database.db,
    keys: config.gmMode
      ? sm2LoginKeys(deriveKey(master, 'login-sm2'))
      : await loadLoginKeys(database.db, deriveKey(master, 'at-rest')),
    passwordNonces: passwordNonces(deriveKey(master, 'password-nonce')),
    tokens: createTokenService(deriveKey(master, 'token'), config.tokenTtlSeconds),
    imageLinks: createImageLinks(deriveKey(master, 'image-link')),
    auditChain: auditChain(deriveKey(master, 'audit-chain'), config.gmMode),
    files: configuredFileStore(config),
    fileReaders: {
      [INSTANCE_FILES]: readInstanceFiles,
      [CONTENT_FILES]: readContentFiles,
      [SEAL_FILES]: readSealFiles,
      [MESSAGE_FILES]: readMessageFiles,
      [MAIL_FILES]: readMailFiles,
    },
    converter: config.officeConverter && libreOfficeConverter(config.officeConverter),
    push: await createPushHub(database, config.pushHeartbeatSeconds * 1000),
  };
  // open streams end before the server waits for its connections to close
  app.addHook('preClose', () => services.push.close());
  // uploads (routes of kind upload): one file a request, no larger than FILE_LIMIT_BYTES
  await app.register(fastifyMultipart, { limits: { fileSize: config.fileLimitBytes, files: 1, fields: 10 } });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'EIP Portal API', version: PRODUCT_VERSION },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs', staticCSP: true });

  app.get('/health', { schema: { hide: true } }, async () => {
    await ping(database.db);
    return { state: true, code: 200, message: '', value: { status: 'ok', database: database.engine } };
  });

  const handlers = {
    ...authHandlers(services),
    ...ucHandlers(services),
    ...portalHandlers(services),
    ...fileHandlers(services),
    ...messageHandlers(services),
    ...mailHandlers(services),
    ...pushHandlers(services),
    ...shortUrlHandlers(services),
    ...sysPropertyHandlers(services),
    ...bpmHandlers(services),
    ...taskHandlers(services),
    ...instanceHandlers(services),
    ...bpmPersonalHandlers(services),
    ...distributionHandlers(services),
    ...contentHandlers(services),
    ...homeHandlers(services, (call) => app.inject(call)),
    ...miscHandlers(services),
    ...dataHandlers(services),
    ...queryHandlers(services),
    ...signHandlers(services),
    ...auditHandlers(services),
  } satisfies Handlers;
  registerRoutes(app, handlers, {
    ...services,
    sessionIdleMinutes: config.sessionIdleMinutes,
  });

  const spa = await registerSpa(app, config.webDistDir);
  app.setNotFoundHandler((request, reply) => {
    if (spa && request.method === 'GET' && isSpaDeepLink(request.url.split('?')[0] ?? '')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendError(request, reply, 404, 'error.notFound', { url: request.url.split('?')[0] ?? '' });
  });
  return app;
}
