import '@testing-library/jest-dom';
import { shelfResponseAt } from '../../src/shared/catalogue';
import { STARTING_CATALOGUE } from '../../src/shared/startingCatalogue';
import { PAGE_SHELF_ELEMENT_ID } from '../../src/shared/publicConfig';

// jsdom has no matchMedia; the app reads it for prefers-reduced-motion.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
window.scrollTo = () => undefined;

// The page as the server serves it carries the shelf of the moment (src/client/config/pageShelf.ts): the starting one here.
{
  const shelf = document.createElement('script');
  shelf.id = PAGE_SHELF_ELEMENT_ID;
  shelf.type = 'application/json';
  shelf.textContent = JSON.stringify(shelfResponseAt(STARTING_CATALOGUE, Date.now()));
  document.head.append(shelf);
}
