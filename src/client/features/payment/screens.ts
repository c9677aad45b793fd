/** The checkout feature's screens, for the route chunks that show them (see ./index for its state). */
export { PaymentScreen } from './components/PaymentScreen';
