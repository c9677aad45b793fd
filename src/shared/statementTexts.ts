// The words of a player's gem statement (../ledger.ts has its lines), one owner for the pages and the API.

/** The statement's words, as the orders page, its own page and the API say them. */
export const statementTexts = {
  heading: 'Your gems',
  intro: 'Every move of your gems, newest first, with your balance after it.',
  pageHeading: 'Your gem statement',
  balance: (gems: string) => `Balance: ${gems} gems`,
  owed: (gems: string) => `Owed: ${gems} gems (your next gems pay it first)`,
  empty: 'No gems have moved yet.',
  seeAll: 'See your whole statement',
  download: 'Download as CSV',
  older: 'Show older moves',
  loadFailed: 'We could not load your statement. Please reload the page.',
  confirmInGame: 'This browser was signed in with the game: confirm it in the game to see your gem statement.',
  confirm: 'Confirm this browser in the game',
  listLabel: 'Moves of your gems, newest first',
  balanceAfter: (gems: string) => `Balance after: ${gems}`,
  owedAfter: (gems: string) => `owed ${gems}`,
  downloading: 'Preparing your statement…',
  downloadFailed: 'We could not prepare your statement. Please try again.',
  backToOrders: 'Back to your orders',
  signIn: 'Sign in to see your statement',
} as const;
