/** The balance feature's public face: what the rest of the app may use. */
export { balanceSlice, balanceUpdated, selectGemCount } from './balanceSlice';
export { balanceSaga } from './balanceSagas';
export { GemBalance } from './GemBalance';
