export * from './accounts';
export * from './auth';
export * from './common';
export * from './config';
export * from './mailbox';
export * from './merchants';
export * from './search';
