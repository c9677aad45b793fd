/** An offer's bonus: a percentage of the pack's gems (rounded down), or a fixed number of gems. Its own file: offers and experiments' arms both carry one. */
export interface OfferBonus {
  unit: 'percent' | 'gems';
  amount: number;
}
