import styled from 'styled-components';
import { LinkButton } from '../../components/Button';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { useAppConfig } from '../../config/appConfig';
import dragonSkyline from './assets/dragon-skyline.inline.svg';
import { homeTexts } from './homeTexts';

const Card = styled.section`
  position: relative;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radius.large};
  border: 1px solid rgba(233, 185, 73, 0.35);
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow.card};
`;

const Art = styled.img`
  display: block;
  width: 100%;
  height: auto;
  aspect-ratio: 1200 / 520;
  object-fit: cover;
`;

const Body = styled.div`
  position: relative;
  display: grid;
  justify-items: start;
  gap: 16px;
  padding: clamp(20px, 4vw, 40px);
  background: linear-gradient(180deg, rgba(21, 25, 41, 0.2), ${({ theme }) => theme.colors.surface} 40%);

  @media (min-width: ${({ theme }) => theme.breakpoints.desktop}) {
    position: absolute;
    inset: auto 0 0 0;
    background: linear-gradient(180deg, transparent, rgba(11, 13, 23, 0.92) 45%);
    padding-top: 96px;
  }
`;

const Title = styled.h1`
  margin: 0;
  display: grid;
  gap: 4px;
`;

const GameName = styled.span`
  font-size: clamp(2.4rem, 9vw, 4.4rem);
  color: ${({ theme }) => theme.colors.goldBright};
  text-shadow: 0 4px 24px rgba(233, 185, 73, 0.35);
`;

const Subtitle = styled.span`
  font-size: clamp(1.1rem, 3.5vw, 1.6rem);
  color: ${({ theme }) => theme.colors.text};
  letter-spacing: 0.2em;
  text-transform: uppercase;
`;

const Lead = styled.p`
  margin: 0;
  font-size: 1.15rem;
  max-width: 46ch;
`;

export function DownloadCard() {
  const { gameName, downloadUrl } = useAppConfig();
  return (
    <Card aria-labelledby="download-title">
      {/* The largest paint of the landing page: inside the page (a data: URL), so it paints with the text. */}
      <Art src={dragonSkyline} alt="" width={1200} height={520} />
      <Body>
        <Title id="download-title">
          <GameName>{gameName}</GameName>
          <Subtitle>{homeTexts.downloadTitle}</Subtitle>
        </Title>
        <Lead>{homeTexts.downloadText}</Lead>
        <LinkButton href={downloadUrl} target="_blank" rel="noopener noreferrer">
          {homeTexts.downloadButton}
          <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
        </LinkButton>
      </Body>
    </Card>
  );
}
