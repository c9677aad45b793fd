/** The orders feature's public face: its state and sagas (its pages load with their routes). */
export { ordersSlice } from './ordersSlice';
export { ordersSaga } from './ordersSagas';
