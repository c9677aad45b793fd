import styled from 'styled-components';

/** A raised section of a page with its own heading: the receipt's refunds, the support console's parts. */
export const Panel = styled.section`
  display: grid;
  gap: 14px;
  padding: clamp(18px, 4vw, 28px);
  border-radius: ${({ theme }) => theme.radius.large};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};

  /* A part never widens the panel (a grid item would grow to its content): a wide table scrolls inside its own box,
     a chart is drawn to the panel's width. */
  > * {
    min-width: 0;
  }
  h2 {
    margin: 0;
    font-size: 1.25rem;
    color: ${({ theme }) => theme.colors.gold};
  }
  p {
    margin: 0;
  }
`;
