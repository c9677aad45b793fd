/**
 * Why a change to the catalogue was refused (the console says each): nothing was saved. Apart from the catalogue, so the
 * API's shapes (./api.ts), which every page's chunks read, carry the names and not the packs.
 */
export const CATALOGUE_REFUSAL_REASONS = ['staleDraft', 'staleVersion', 'noChanges', 'unknownPackId', 'unknownVersion', 'badImage'] as const;
export type CatalogueRefusal = (typeof CATALOGUE_REFUSAL_REASONS)[number];
