/** The support console's public face: its state and sagas (its pages load with their routes). */
export { supportSlice } from './supportSlice';
export { supportSaga } from './supportSagas';
