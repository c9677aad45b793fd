import styled from 'styled-components';
import { Link } from 'react-router-dom';
import { ROUTES } from '../../../shared/routes';
import { errorMessage } from '../../wiring/serverApi';
import { FormError, FormStatus } from '../../components/form/FormFeedback';
import { useOfferPreferencesQuery, useSetOfferPreferencesMutation } from './rewardsApi';

const texts = {
  heading: 'Offers for you',
  intro:
    'Some bonuses go to some players: those returning after a while, say, or those who came from the game. To judge whether a bonus helps, we leave some players without it for a while. We use only what the store already holds of you (your orders, where your visit came from, your age: never anyone under 18), and a bonus never changes a price.',
  choice: 'Tailor offers to me',
  on: 'Offers may be tailored to you.',
  off: 'You get the offers every player gets, and no tailored one.',
  privacy: 'How we use your data',
} as const;

const Row = styled.label`
  display: flex;
  gap: 10px;
  align-items: center;
  font-weight: 700;
  min-height: 44px;

  input {
    width: 24px;
    height: 24px;
    margin: 0;
    accent-color: ${({ theme }) => theme.colors.gold};
  }
  input:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

/** The player's own choice of tailored offers (the privacy policy says what it means); saved as it is changed. */
export function TailoredOffersChoice() {
  const { data, error } = useOfferPreferencesQuery();
  const [save, saving] = useSetOfferPreferencesMutation();
  return (
    <section aria-labelledby="offers-for-you-heading" data-testid="tailored-offers">
      <h2 id="offers-for-you-heading">{texts.heading}</h2>
      <p>
        {texts.intro} <Link to={ROUTES.privacyPolicy}>{texts.privacy}</Link>.
      </p>
      {(error || saving.isError) && <FormError>{errorMessage(error ?? saving.error)}</FormError>}
      {data && (
        <>
          <Row>
            <input type="checkbox" checked={data.tailored} disabled={saving.isLoading} onChange={(event) => void save({ tailored: event.target.checked })} />
            <span>{texts.choice}</span>
          </Row>
          <FormStatus>{data.tailored ? texts.on : texts.off}</FormStatus>
        </>
      )}
    </section>
  );
}
