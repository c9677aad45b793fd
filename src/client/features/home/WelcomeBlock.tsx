import styled from 'styled-components';
import { useAppConfig } from '../../config/appConfig';
import { homeTexts } from './homeTexts';

const Block = styled.section`
  margin-top: clamp(24px, 5vw, 48px);
  padding: clamp(20px, 4vw, 40px);
  border-radius: ${({ theme }) => theme.radius.large};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  box-shadow: ${({ theme }) => theme.shadow.glow};
  text-align: center;

  h2 {
    font-size: clamp(1.5rem, 4vw, 2.2rem);
    color: ${({ theme }) => theme.colors.gold};
  }
  p {
    margin: 0 auto;
    max-width: 60ch;
    font-size: 1.1rem;
  }
`;

export function WelcomeBlock() {
  const { gameName } = useAppConfig();
  return (
    <Block aria-labelledby="welcome-title">
      <h2 id="welcome-title">{homeTexts.welcomeTitle}</h2>
      <p>{homeTexts.welcomeText(gameName)}</p>
    </Block>
  );
}
