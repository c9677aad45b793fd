/** Gifts for a friend: the payment form's part of them (the receipt and statement read the order's and the ledger's words). */
export { GiftFields, useGiftChoice, type GiftChoice } from './components/GiftFields';
