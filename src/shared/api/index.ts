// The spec's REST contract in one import.
export * from './messages';
export * from './fields';
export * from './shipmentRequest';
export * from './shipmentRecord';
export * from './confirm';
export * from './amend';
export * from './bodies';
export * from './endpoints';
