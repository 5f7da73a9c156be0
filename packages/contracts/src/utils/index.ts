export * from './count-up.js';
export * from './money.js';
export * from './rules.js';
export * from './time.js';
export * from './url.js';
export * from './uuid.js';
export * from './validators.js';
