export * from './deploy.js';
export * from './enums.js';
export * from './node-settings.js';
