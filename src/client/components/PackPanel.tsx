import styled from 'styled-components';

/** A gem pack's card: its art above its title, raised on the night sky. The shop and the payment screen use it. */
export const PackPanel = styled.article`
  display: grid;
  gap: 12px;
  padding: 18px;
  border-radius: ${({ theme }) => theme.radius.large};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: linear-gradient(180deg, ${({ theme }) => theme.colors.surfaceRaised}, ${({ theme }) => theme.colors.surface});
  box-shadow: ${({ theme }) => theme.shadow.card};
  text-align: center;

  svg {
    justify-self: center;
    width: 100%;
    max-width: 240px;
    height: auto;
    aspect-ratio: 4 / 3;
  }
  h2 {
    margin: 0;
    font-size: 1.3rem;
    color: ${({ theme }) => theme.colors.goldBright};
  }
`;
