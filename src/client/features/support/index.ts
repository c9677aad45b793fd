/** The support console loads with its pages: ./feature names what they start. Nothing here is for the app's first load. */
export { supportSlice } from './supportSlice';
