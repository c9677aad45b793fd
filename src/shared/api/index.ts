// The API as both sides know it (src/shared is the contract): its paths and errors, and the shapes of what goes in
// and comes out, one file an area.
export * from './routes';
export * from './errors';
export * from './payments';
export * from './accounts';
export * from './offers';
export * from './gameLink';
export * from './catalogue';
