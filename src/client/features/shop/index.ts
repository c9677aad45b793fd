/** The shop feature's public face: what the rest of the app may use. */
export { shopSlice } from './shopSlice';
export { shopSaga } from './shopSagas';
