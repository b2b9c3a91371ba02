export * from './platform';
export * from './auth';
export * from './points';
export * from './chat';
export * from './hong';
export * from './site';
export * from './pay';
