export * from './api';
export * from './permissions';
export * from './ipc';
export * from './domain/constants';
