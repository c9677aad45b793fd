import { useEffect } from 'react';
import { formatAud, formatGemCount, GEM_PACKS } from '../../../shared/catalogue';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { FormError, FormStatus } from '../../components/form/FormFeedback';
import { FocusedHeading } from '../../components/FocusedHeading';
import { PageSection } from '../../components/Page';
import { Panel } from '../../components/Panel';
import { usePageTitle } from '../../hooks/usePageTitle';
import { consentGiven, consentLinkOpened, selectConsentPage } from './limitsSlice';
import { limitsTexts } from './limitsTexts';
import { MonthlyLimitForm } from './components/MonthlyLimitForm';

/**
 * /guardian-consent?request=…&expires=…&signature=…: the page a guardian's email links to. It says who asks
 * and what the store sells at what prices, and takes Consent with an optional monthly limit, once. A used,
 * expired or forged link changes nothing and says so.
 */
export default function GuardianConsentPage() {
  const dispatch = useAppDispatch();
  const { status, facts, error } = useAppSelector(selectConsentPage);
  const heading = status === 'refused' ? limitsTexts.guardianRefusedHeading : status === 'consented' ? limitsTexts.guardianThanksHeading : limitsTexts.guardianPageHeading;
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
        {status === 'checking' && <FormStatus>{limitsTexts.guardianChecking}</FormStatus>}
        {status === 'refused' && <p data-testid="consent-refused">{error}</p>}
        {status === 'consented' && facts && <p data-testid="consent-recorded">{limitsTexts.guardianThanks(facts.playerEmail)}</p>}
        {(status === 'ready' || status === 'sending') && facts && (
          <>
            <p>{limitsTexts.guardianAsked(facts.playerEmail)}</p>
            <p>{limitsTexts.guardianPrices}</p>
            <ul data-testid="consent-prices">
              {GEM_PACKS.map((pack) => (
                <li key={pack.id}>
                  {pack.title}: {formatGemCount(pack.gemCount)} gems, {formatAud(pack.priceCents)}
                </li>
              ))}
            </ul>
            {error && <FormError takeFocus>{error}</FormError>}
            <MonthlyLimitForm
              name={limitsTexts.consent}
              label={limitsTexts.guardianLimitField}
              hint={limitsTexts.guardianLimitHint}
              submit={{ label: limitsTexts.consent, busyLabel: limitsTexts.consenting }}
              busy={status === 'sending'}
              onSubmit={(values) => dispatch(consentGiven(values))}
            />
          </>
        )}
      </Panel>
    </PageSection>
  );
}
