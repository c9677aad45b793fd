import { createGlobalStyle } from 'styled-components';
import cinzelBold from '@fontsource/cinzel/files/cinzel-latin-700-normal.woff2';
import cinzelRegular from '@fontsource/cinzel/files/cinzel-latin-400-normal.woff2';
import { fallbackFontFaces } from './fontFallbacks';

export const GlobalStyle = createGlobalStyle`
  ${fallbackFontFaces()}

  @font-face {
    font-family: 'Cinzel';
    font-style: normal;
    font-weight: 400;
    font-display: swap;
    src: url(${cinzelRegular}) format('woff2');
  }
  @font-face {
    font-family: 'Cinzel';
    font-style: normal;
    font-weight: 700;
    font-display: swap;
    src: url(${cinzelBold}) format('woff2');
  }

  *, *::before, *::after { box-sizing: border-box; }

  /* The sticky header's height: what focus and in-page jumps keep clear of (WCAG 2.4.11). */
  :root { --header-height: 64px; }

  html {
    color-scheme: dark;
    -webkit-text-size-adjust: 100%;
    scroll-padding-top: calc(var(--header-height) + 12px);
  }

  /* The header holds both the signed-in and the signed-out links; <html data-signed-in> picks (signedInMarker.ts). */
  html:not([data-signed-in]) .signed-in-only,
  html[data-signed-in] .signed-out-only {
    display: none !important;
  }

  body {
    margin: 0;
    min-height: 100vh;
    font-family: ${({ theme }) => theme.fonts.body};
    font-size: 1rem;
    line-height: 1.6;
    color: ${({ theme }) => theme.colors.text};
    background-color: ${({ theme }) => theme.colors.night};
    background-image:
      radial-gradient(ellipse at 20% -10%, rgba(233, 185, 73, 0.10), transparent 55%),
      radial-gradient(ellipse at 90% 10%, rgba(120, 80, 220, 0.14), transparent 50%);
    background-attachment: fixed;
  }

  h1, h2, h3 {
    font-family: ${({ theme }) => theme.fonts.heading};
    line-height: 1.2;
    letter-spacing: 0.02em;
    margin: 0 0 0.5em;
  }

  a { color: ${({ theme }) => theme.colors.goldBright}; }

  img, svg { max-width: 100%; }

  :focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 3px;
    border-radius: 4px;
  }

  /*
   * No transitions at all, rather than very short ones: a duration on every element makes every style change a
   * transition of every property, whose first frame still shows the old value (a client-rendered page's first
   * frame without its colours, an invalid field's border a frame late).
   */
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after {
      animation-duration: 0.01ms !important;
      animation-iteration-count: 1 !important;
      transition: none !important;
      scroll-behavior: auto !important;
    }
  }
`;
