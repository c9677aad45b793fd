import { DELETION_DUE_DAYS } from '../../../../shared/privacy/privacy';

/** The words of support's privacy desk. */
export const privacyDeskTexts = {
  title: 'Players’ data requests',
  link: 'Data requests',
  queueHeading: 'Requests',
  queueIntro: `Open deletions first, the nearest deadline first: the law gives ${DELETION_DUE_DAYS} days from the request. A deletion waits while a payment is under way, a dispute is open or gems are owed.`,
  none: 'No requests yet.',
  columns: ['Request', 'Player', 'State', 'Asked', 'Due / done', 'By', 'Waits for / action'],
  kind: { archive: 'Download of data', deletion: 'Deletion' },
  state: { open: 'Open', done: 'Done', cancelled: 'Withdrawn' },
  by: { player: 'The player', support: 'Support, asked by email' },
  carryOut: 'Carry out the deletion',
  byEmailHeading: 'A player who asked by email',
  byEmailIntro: 'First check it is them: the request comes from the account’s email, and they tell you an order number and its amount. Then make their archive to send them, or record their deletion.',
  uid: 'Player uid',
  note: 'How you checked it is them',
  noteHint: 'For example: wrote from the account’s email, named order WC… and its amount.',
  archive: 'Download their data',
  recordDeletion: 'Record their deletion',
  archiveSaved: 'Their archive is saved: send it to the address they asked from.',
  deletionRecorded: 'Their deletion is recorded in the queue.',
  failed: 'That did not work. Please try again.',
} as const;
