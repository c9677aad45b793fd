/** Part `index` of `count` when `total` is shared among them as evenly as whole numbers allow: the first ones one more. */
export const evenPartOf = (total: number, index: number, count: number): number => Math.floor(total / count) + (index < total % count ? 1 : 0);
