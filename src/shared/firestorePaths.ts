/** Where things live in Firestore (spec §7's paths); the API, the client's listeners and the rules tests all read these. */
export const COLLECTIONS = {
  users: 'users',
  transactions: 'transactions',
  successfulTransactions: 'successful_transactions',
} as const;

export const userPath = (uid: string) => `${COLLECTIONS.users}/${uid}`;
export const transactionPath = (orderId: string) => `${COLLECTIONS.transactions}/${orderId}`;
