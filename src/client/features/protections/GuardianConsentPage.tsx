import { useMemo } from 'react';
import { pageShelf } from '../../config/pageShelf';
import { formatAud, formatGemCount } from '../../../shared/money';
import { errorMessage, type ServerError } from '../../wiring/serverApi';
import { FormError, FormStatus } from '../../components/form/FormFeedback';
import { FocusedHeading } from '../../components/FocusedHeading';
import { PageSection } from '../../components/Page';
import { Panel } from '../../components/Panel';
import { usePageTitle } from '../../hooks/usePageTitle';
import { readConsentLink } from '../../lib/protectionsApi';
import { useConsentRequestQuery, useGiveConsentMutation } from './protectionsApi';
import { protectionsTexts } from './protectionsTexts';
import { GuardianConsentForm } from './components/GuardianConsentForm';

/**
 * /guardian-consent?request=…&expires=…&signature=…: the page a guardian's email links to. It says who asks
 * and what the store sells at what prices, and takes Consent with an optional monthly limit, once (or, for a guardian
 * who consented before, a new limit). The guardian confirms they are the player's parent or guardian. A used,
 * expired or forged link changes nothing and says so.
 */
export default function GuardianConsentPage() {
  // The link stays in the address bar; it travels in the calls, never in the store's words for the page.
  const link = useMemo(readConsentLink, []);
  const request = useConsentRequestQuery(link);
  const [giveConsent, given] = useGiveConsentMutation();
  const facts = request.data ?? null;
  // A link used or expired meanwhile is refused as one that never worked; any other failure leaves the form to try again.
  const linkRefused = (given.error as ServerError | undefined)?.status === 404 || (given.error as ServerError | undefined)?.status === 410;
  const status = given.isSuccess ? 'consented' : request.error || linkRefused ? 'refused' : !facts ? 'checking' : given.isLoading ? 'sending' : 'ready';
  const error = errorMessage(linkRefused ? given.error : (request.error ?? given.error));
  const heading = status === 'refused' ? protectionsTexts.guardianRefusedHeading : status === 'consented' ? protectionsTexts.guardianThanksHeading : protectionsTexts.guardianPageHeading;
  usePageTitle(heading);

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
              {/* The packs on sale as this page was served. */}
              {pageShelf().shelf.packs.map((pack) => (
                <li key={pack.id}>
                  {pack.title}: {formatGemCount(pack.gemCount)} gems, {formatAud(pack.priceCents)}
                </li>
              ))}
            </ul>
            {error && <FormError takeFocus>{error}</FormError>}
            <GuardianConsentForm
              label={facts.limitChange ? protectionsTexts.guardianSaveLimit : protectionsTexts.consent}
              busy={status === 'sending'}
              onSubmit={(form) => void giveConsent({ link, form })}
            />
          </>
        )}
      </Panel>
    </PageSection>
  );
}
