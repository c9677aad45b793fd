import type { PaymentFormData } from '../../src/shared/validation/paymentForm';

/**
 * The buyer every tool that drives the store plays (the browser tests, the bench, npm run scale): one payment form
 * that passes every rule, one password, an adult's date of birth. test/fixtures/samples.ts hands them to the tests.
 */

/** A payment form that passes every rule. */
export const samplePaymentDetails: PaymentFormData = {
  firstName: 'Aria',
  lastName: 'Stormborn',
  address: '1 Castle Road',
  country: 'AU',
  state: 'NSW',
  city: 'Sydney',
  postCode: '2000',
  email: 'aria@wyrmcrown.example',
  phone: '+61 2 9876 5432',
};

/** The password of every test player's account, through the store's forms or the Auth emulator's API. */
export const TEST_PASSWORD = 'dragon-slayer-42';

/** The date of birth of every test player a test does not describe otherwise: an adult's. */
export const TEST_ADULT_BIRTH_DATE = '1950-01-01';
