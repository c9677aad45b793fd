import styled from 'styled-components';

/** The readable column every page sits in. */
export const PageSection = styled.section`
  width: 100%;
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin: 0 auto;
  padding: clamp(24px, 5vw, 56px) ${({ theme }) => theme.layout.gutter};
`;

export const PageHeading = styled.h1`
  font-size: clamp(1.8rem, 5vw, 2.6rem);
  color: ${({ theme }) => theme.colors.goldBright};
  /* Order numbers are one long word: they wrap rather than widen the page on a phone. */
  overflow-wrap: anywhere;
`;

/** A parchment-dark panel for long text, capped at a comfortable line length. */
export const Prose = styled.article`
  max-width: 72ch;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.large};
  padding: clamp(20px, 4vw, 40px);
  box-shadow: ${({ theme }) => theme.shadow.card};

  h2 {
    font-size: 1.25rem;
    color: ${({ theme }) => theme.colors.gold};
    margin-top: 1.6em;
  }
  h2:first-of-type {
    margin-top: 0.4em;
  }
  p, li {
    color: ${({ theme }) => theme.colors.text};
  }
  ul {
    padding-left: 1.3em;
  }
`;
