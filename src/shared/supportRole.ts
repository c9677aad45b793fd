/**
 * The custom claim that makes an account support staff. The API and the Firestore rules check it (beside the server's
 * own staff record); the client reads it only to offer the console's link in the header, and the console asks the API.
 */
export const SUPPORT_CLAIM = 'support';
