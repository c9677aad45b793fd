import { preloadScriptsAfterPaint, SCRIPTS_AFTER_PAINT_META } from './scriptsAfterPaint';

// jsdom does not reflect a link's `as` to its attribute, as browsers do: read the property.
const scriptPreloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].filter((link) => link.as === 'script').map((link) => link.getAttribute('href'));

describe('preloadScriptsAfterPaint', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('preloads every script the page names, all at once', () => {
    document.head.innerHTML = `<meta name="${SCRIPTS_AFTER_PAINT_META}" content="/static/js/417.a.js /static/js/524.b.js /static/js/942.c.js">`;
    preloadScriptsAfterPaint();
    expect(scriptPreloads()).toEqual(['/static/js/417.a.js', '/static/js/524.b.js', '/static/js/942.c.js']);
  });

  it('does nothing on a page that names none (a page that is used preloads its scripts in its HTML)', () => {
    preloadScriptsAfterPaint();
    document.head.innerHTML += `<meta name="${SCRIPTS_AFTER_PAINT_META}" content="">`;
    preloadScriptsAfterPaint();
    expect(scriptPreloads()).toEqual([]);
  });
});
