export * from './platform';
export * from './auth';
