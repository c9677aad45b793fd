import type { ShelfResponse } from '../../shared/api';
import { PAGE_SHELF_ELEMENT_ID } from '../../shared/publicConfig';

let given: ShelfResponse | null = null;

/** The build-time renderer gives the shelf it renders the page with (there is no page to read it from). */
export function providePageShelf(shelf: ShelfResponse): void {
  given = shelf;
}

const isShelf = (value: unknown): value is ShelfResponse =>
  typeof value === 'object' && value !== null && Array.isArray((value as ShelfResponse).packs) && typeof (value as ShelfResponse).version === 'number';

/**
 * The shelf the server embedded in the page as it served it (the published packs of that moment), which the shop's
 * first paint shows and hydrates with. A page without one (the development server's) starts with an empty shelf,
 * and the shop reads the published one at once (its `fromPage` is false): it never shows packs nobody published.
 */
export function pageShelf(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): { shelf: ShelfResponse; fromPage: boolean } {
  if (given) return { shelf: given, fromPage: true };
  try {
    const parsed: unknown = JSON.parse(doc?.getElementById(PAGE_SHELF_ELEMENT_ID)?.textContent ?? '');
    if (isShelf(parsed)) return { shelf: parsed, fromPage: true };
  } catch {
    // No shelf, or the placeholder left as it was built: the empty shelf below.
  }
  return { shelf: { version: 0, packs: [], nextChangeAt: null }, fromPage: false };
}
