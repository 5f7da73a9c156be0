export * from './codes.js';
export * from './common.js';
export * from './password.js';
export * from './routes.js';
export * from './schemas.js';
export * from './utils/index.js';
