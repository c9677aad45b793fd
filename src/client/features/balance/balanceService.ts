export { gemCountOf } from '../../../shared/balance';
/** Where a player's balance lives (read-only for them: the security rules allow nothing else). */
export { userPath as userDocumentPath } from '../../../shared/firestorePaths';
