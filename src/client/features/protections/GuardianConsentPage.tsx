import { useEffect } from 'react';
import { formatAud, formatGemCount, GEM_PACKS } from '../../../shared/catalogue';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { FormError, FormStatus } from '../../components/form/FormFeedback';
import { FocusedHeading } from '../../components/FocusedHeading';
import { PageSection } from '../../components/Page';
import { Panel } from '../../components/Panel';
import { usePageTitle } from '../../hooks/usePageTitle';
import { consentGiven, consentLinkOpened, selectConsentPage } from './protectionsSlice';
import { protectionsTexts } from './protectionsTexts';
import { GuardianConsentForm } from './components/GuardianConsentForm';

/**
 * /guardian-consent?request=…&expires=…&signature=…: the page a guardian's email links to. It says who asks
 * and what the store sells at what prices, and takes Consent with an optional monthly limit, once (or, for a guardian
 * who consented before, a new limit). The guardian confirms they are the player's parent or guardian. A used,
 * expired or forged link changes nothing and says so.
 */
export default function GuardianConsentPage() {
  const dispatch = useAppDispatch();
  const { status, facts, error } = useAppSelector(selectConsentPage);
  const heading = status === 'refused' ? protectionsTexts.guardianRefusedHeading : status === 'consented' ? protectionsTexts.guardianThanksHeading : protectionsTexts.guardianPageHeading;
  usePageTitle(heading);
  useEffect(() => {
    dispatch(consentLinkOpened());
  }, [dispatch]);

  return (
    <PageSection>
      <FocusedHeading key={heading} level={1}>
        {heading}
      </FocusedHeading>
      <Panel>
        {status === 'checking' && <FormStatus>{protectionsTexts.guardianChecking}</FormStatus>}
        {status === 'refused' && <p data-testid="consent-refused">{error}</p>}
        {status === 'consented' && facts && (
          <p data-testid="consent-recorded">{facts.limitChange ? protectionsTexts.guardianLimitSaved(facts.playerEmail) : protectionsTexts.guardianThanks(facts.playerEmail)}</p>
        )}
        {(status === 'ready' || status === 'sending') && facts && (
          <>
            <p>
              {facts.limitChange
                ? protectionsTexts.guardianChangeAsked(facts.playerEmail, facts.limitChange.monthlyLimitCents === null ? null : formatAud(facts.limitChange.monthlyLimitCents))
                : protectionsTexts.guardianAsked(facts.playerEmail)}
            </p>
            <p>{protectionsTexts.guardianPrices}</p>
            <ul data-testid="consent-prices">
              {GEM_PACKS.map((pack) => (
                <li key={pack.id}>
                  {pack.title}: {formatGemCount(pack.gemCount)} gems, {formatAud(pack.priceCents)}
                </li>
              ))}
            </ul>
            {error && <FormError takeFocus>{error}</FormError>}
            <GuardianConsentForm
              label={facts.limitChange ? protectionsTexts.guardianSaveLimit : protectionsTexts.consent}
              busy={status === 'sending'}
              onSubmit={(values) => dispatch(consentGiven(values))}
            />
          </>
        )}
      </Panel>
    </PageSection>
  );
}
