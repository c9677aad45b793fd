/** The orders feature loads with its pages: ./feature names what they start. Nothing here is for the app's first load. */
export { transactionsSlice } from './transactionsSlice';
