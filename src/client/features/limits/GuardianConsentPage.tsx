import { useEffect } from 'react';
import { formatAud, GEM_PACKS } from '../../../shared/catalogue';
import { consentFormSchema } from '../../../shared/validation/protections';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Button } from '../../components/Button';
import { FormError, FormStatus } from '../../components/form/FormFeedback';
import { TextField } from '../../components/form/TextField';
import { useValidatedForm } from '../../components/form/useValidatedForm';
import { FocusedHeading } from '../../components/FocusedHeading';
import { PageSection } from '../../components/Page';
import { Panel } from '../../components/Panel';
import { usePageTitle } from '../../hooks/usePageTitle';
import { consentGiven, consentLinkOpened, selectConsentPage } from './limitsSlice';
import { limitsTexts } from './limitsTexts';

function ConsentForm({ sending }: { sending: boolean }) {
  const dispatch = useAppDispatch();
  const form = useValidatedForm(consentFormSchema, { monthlyLimit: '' });
  return (
    <form noValidate aria-label={limitsTexts.consent} onSubmit={form.handleSubmit((values) => !sending && dispatch(consentGiven(values)))}>
      <TextField {...form.field('monthlyLimit')} label={limitsTexts.guardianLimitField} hint={limitsTexts.guardianLimitHint} inputMode="decimal" autoComplete="off" />
      <Button type="submit" disabled={sending} aria-busy={sending} style={{ marginTop: 16 }}>
        {sending ? limitsTexts.consenting : limitsTexts.consent}
      </Button>
    </form>
  );
}

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
                  {pack.title}: {pack.gemCount.toLocaleString('en-AU')} gems, {formatAud(pack.priceCents)}
                </li>
              ))}
            </ul>
            {error && <FormError takeFocus>{error}</FormError>}
            <ConsentForm sending={status === 'sending'} />
          </>
        )}
      </Panel>
    </PageSection>
  );
}
