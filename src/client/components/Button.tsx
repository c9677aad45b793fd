import styled, { css } from 'styled-components';

/** The gold call-to-action look, shared by <button> and link buttons. */
export const buttonStyle = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.5em;
  min-height: 48px;
  padding: 0.7em 1.6em;
  border: 0;
  border-radius: 999px;
  font-family: ${({ theme }) => theme.fonts.heading};
  font-size: 1.05rem;
  font-weight: 700;
  letter-spacing: 0.06em;
  text-decoration: none;
  color: ${({ theme }) => theme.colors.onGold};
  background: linear-gradient(180deg, ${({ theme }) => theme.colors.goldBright}, ${({ theme }) => theme.colors.gold});
  box-shadow: 0 6px 18px rgba(233, 185, 73, 0.28), inset 0 -2px 0 rgba(0, 0, 0, 0.18);
  cursor: pointer;
  transition: transform 150ms ease, box-shadow 150ms ease, filter 150ms ease;

  &:hover {
    transform: translateY(-1px);
    filter: brightness(1.06);
    box-shadow: 0 10px 24px rgba(233, 185, 73, 0.38), inset 0 -2px 0 rgba(0, 0, 0, 0.18);
  }

  &:disabled {
    cursor: not-allowed;
    filter: grayscale(0.6) brightness(0.8);
    transform: none;
  }

  /* Forced colours drop the gold gradient: a border keeps the button a button, not bare text. */
  @media (forced-colors: active) {
    border: 2px solid ButtonText;
  }
`;

export const Button = styled.button`
  ${buttonStyle}
`;

export const LinkButton = styled.a`
  ${buttonStyle}
`;

/** The quieter choice beside a gold button: outlined in gold, the same size to press. */
export const secondaryButtonStyle = css`
  ${buttonStyle}
  color: ${({ theme }) => theme.colors.goldBright};
  background: transparent;
  border: 2px solid ${({ theme }) => theme.colors.gold};
  box-shadow: none;

  &:hover {
    box-shadow: none;
    background: rgba(233, 185, 73, 0.1);
  }
`;

export const SecondaryButton = styled.button`
  ${secondaryButtonStyle}
`;

/** Buttons side by side, wrapping on a narrow screen. */
export const ButtonRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
`;
