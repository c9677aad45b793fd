import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { shelfResponseAt } from '../../src/shared/catalogue';
import { STARTING_CATALOGUE } from '../../src/shared/startingCatalogue';
import { PAGE_SHELF_ELEMENT_ID } from '../../src/shared/publicConfig';

// findBy… and waitFor wait for what a render will show: 1 s by default, which a busy machine (another test loop beside
// this one) can pass before a lazy page has loaded. A wait ends as soon as what it waits for is there.
configure({ asyncUtilTimeout: 5_000 });

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
