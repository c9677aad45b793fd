import { findPack, shelfAt, type Catalogue, type GemPack } from '../../shared/catalogue';
import { HttpError } from '../http/errors';

/** A pack the published shelf does not sell now (retired, not started, ended) is refused as an unknown one is. Nothing is stored. */
export const NOT_ON_SALE_MESSAGE = 'That gem pack is not on sale.';

/** The pack `packId` names on the catalogue's shelf at `now`; else a 400 that says it is not on sale. */
export function packOnSale(catalogue: Catalogue, packId: number, now: number): GemPack {
  const pack = findPack(shelfAt(catalogue, now), packId);
  if (!pack) throw new HttpError(400, NOT_ON_SALE_MESSAGE, { reason: 'notOnSale' });
  return pack;
}
