export * from './openapi';
export * from './resources';
export * from './annotations';
export * from './mutations';
export * from './names';
export * from './descriptions';
export * from './mutation-errors';
export * from './enum-descriptions';
