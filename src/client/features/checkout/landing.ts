import { readCancelledReturn, readReturnParameters } from './browserTab';

/** This visit comes back from the provider (its return or its cancel link): the checkout must start at once. */
export function isCheckoutLanding(search: string = window.location.search): boolean {
  return readReturnParameters(search) !== null || readCancelledReturn(search) !== null;
}
