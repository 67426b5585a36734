export * from './keys';
export * from './envelope';
export * from './validation';
export * from './endpoint';
export * from './common';
export * from './catalogue';
export * as authApi from './auth';
export * as lookupApi from './lookups';
export * as setupApi from './setup';
