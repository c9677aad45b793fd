import styled from 'styled-components';
import { SecondaryButton } from '../../../components/Button';
import { authTexts } from '../authTexts';

const Choice = styled.section`
  width: 100%;
  max-width: 460px;
  margin: 0 auto;
  padding: 18px clamp(20px, 5vw, 36px);
  border-radius: ${({ theme }) => theme.radius.large};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};

  h2 {
    margin: 0 0 8px;
    font-size: 1.2rem;
  }
  p {
    margin: 0 0 14px;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** "Sign in with the game", offered beside the email forms (first on a phone, where most players are). */
export function GameChoice({ onChoose, label = authTexts.withGame }: { onChoose: () => void; label?: string }) {
  return (
    <Choice aria-labelledby="game-choice-heading" data-testid="game-choice">
      <h2 id="game-choice-heading">{authTexts.withGame}</h2>
      <p>{authTexts.withGameIntro}</p>
      <SecondaryButton type="button" onClick={onChoose}>
        {label}
      </SecondaryButton>
    </Choice>
  );
}
