import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import styled from 'styled-components';
import { bonusText, type Offer } from '../../../../shared/offers/offer';
import type { OfferFormData } from '../../../../shared/validation/offer';
import { errorMessage } from '../../../wiring/serverApi';
import { Button, ButtonRow, SecondaryButton } from '../../../components/Button';
import { FormError, FormStatus } from '../../../components/form/FormFeedback';
import { Panel } from '../../../components/Panel';
import { useStoreTime } from '../../../hooks/useStoreTime';
import { ConsoleArea, consoleAreaPage } from '../components/ConsoleArea';
import { supportTexts as t } from '../supportTexts';
import { OfferForm } from './OfferForm';
import { OffersList } from './OffersList';
import { useCreateOfferMutation, useEndOfferMutation, useOfferQuery, useOffersQuery, usePauseExperimentMutation, useUpdateOfferMutation } from './supportOffersApi';

const Audit = styled.ol`
  margin: 0;
  padding-left: 1.2em;
  li + li {
    margin-top: 6px;
  }
`;

/** End Offer, then a question: ending cannot be undone, so it takes a second press. */
function EndOffer({ offer, busy, onEnd }: { offer: Offer; busy: boolean; onEnd: () => void }) {
  // Asked again for each offer opened (the component is keyed by the offer).
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <p>
        <SecondaryButton type="button" disabled={busy} onClick={() => setAsking(true)}>
          {t.endOffer}
        </SecondaryButton>
      </p>
    );
  }
  return (
    <div role="group" aria-labelledby="end-offer-question">
      <p id="end-offer-question">{t.endOfferQuestion(offer.title)}</p>
      <ButtonRow>
        <Button type="button" disabled={busy} onClick={onEnd}>
          {t.endOfferConfirm}
        </Button>
        {/* Focus on the choice that changes nothing: ending cannot be undone. */}
        <SecondaryButton type="button" autoFocus onClick={() => setAsking(false)}>
          {t.endOfferKeep}
        </SecondaryButton>
      </ButtonRow>
    </div>
  );
}

/** /support/offers: every offer and code, a form to create or edit one, End, and each offer's audited changes. */
export default consoleAreaPage(t.offersTitle, OffersDesk);

/** What the last change came to, in words for the screen reader and the eye. */
type Outcome = { done: string; error?: never } | { error: string; done?: never } | null;

function OffersDesk() {
  const { data: offers, error: listFailure } = useOffersQuery();
  const list = offers?.offers;
  const timeZone = offers?.timeZone ?? null;
  const packs = offers?.packs ?? [];
  // The offer being edited (its audit trail with it); null for a new one.
  const [openId, setOpenId] = useState<string | null>(null);
  const { data: opened, error: openFailure } = useOfferQuery(openId ?? skipToken);
  const selected = openId && opened?.offer.id === openId ? opened : null;
  // Offers created in this visit: the new-offer form starts blank again after each.
  const [created, setCreated] = useState(0);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [createOffer, creating] = useCreateOfferMutation();
  const [updateOffer, updating] = useUpdateOfferMutation();
  const [endOffer, ending] = useEndOfferMutation();
  const [pauseExperiment, pausing] = usePauseExperimentMutation();
  const saving = creating.isLoading || updating.isLoading || ending.isLoading || pausing.isLoading;
  const { dateTime } = useStoreTime();
  const offer = selected?.offer ?? null;
  const open = (offerId: string | null) => {
    setOpenId(offerId);
    setOutcome(null);
  };
  /** A change sent: its words once answered; `then` runs on success. */
  const settle = async (change: Promise<{ data: Offer } | { error: unknown }>, done: (offer: Offer) => string, then?: () => void) => {
    setOutcome(null);
    const answer = await change;
    if ('error' in answer) return setOutcome({ error: errorMessage(answer.error) ?? '' });
    then?.();
    setOutcome({ done: done(answer.data) });
  };
  // Save: a new offer (which heads the list; the form is a blank new one again), or the change of the one shown as read.
  const save = (form: OfferFormData) =>
    offer
      ? settle(updateOffer({ offerId: offer.id, change: { ...form, updatedAt: offer.updatedAt } }), (saved) => t.offerChanged(saved.title))
      : settle(createOffer(form), (made) => t.offerCreated(made.title), () => setCreated((count) => count + 1));
  const error = outcome?.error ?? errorMessage(openId ? openFailure : listFailure);
  return (
    <ConsoleArea heading={t.offersTitle}>
      <OffersList list={list} packs={packs} timeZone={timeZone} onEdit={open} />
      <Panel aria-labelledby="offer-form-heading">
        <h2 id="offer-form-heading">{offer ? t.editOfferHeading(offer.title) : t.newOfferHeading}</h2>
        {offer && (
          <p>
            <SecondaryButton type="button" onClick={() => open(null)}>
              {t.newOffer}
            </SecondaryButton>
          </p>
        )}
        {outcome?.done && <FormStatus takeFocus>{outcome.done}</FormStatus>}
        {error && <FormError takeFocus>{error}</FormError>}
        {timeZone && (
          <OfferForm
            key={offer ? `${offer.id}-${offer.updatedAt}` : `new-${created}`}
            offer={offer}
            timeZone={timeZone}
            packs={packs}
            busy={saving}
            onSave={(form) => void save(form)}
          />
        )}
        {offer?.active && offer.experiment && (
          <p>
            <SecondaryButton
              type="button"
              disabled={saving}
              onClick={() => void settle(pauseExperiment({ offerId: offer.id, paused: !offer.experiment!.paused }), (changed) => (changed.experiment?.paused ? t.experimentPausedNow(changed.title) : t.experimentResumedNow(changed.title)))}
            >
              {offer.experiment.paused ? t.resumeExperiment : t.pauseExperiment}
            </SecondaryButton>
          </p>
        )}
        {offer?.active && <EndOffer key={offer.id} offer={offer} busy={saving} onEnd={() => void settle(endOffer(offer.id), (ended) => t.offerEndedNow(ended.title))} />}
        {selected && (
          <>
            <h3>{t.auditHeading}</h3>
            <Audit data-testid="offer-audit">
              {selected.audit.map((entry) => (
                <li key={`${entry.at}-${entry.action}`}>
                  {t.auditEntry(entry.action, entry.by, dateTime(entry.at))}
                  {entry.before && <div>Before: {bonusText(entry.before.bonus)}, {entry.before.active ? 'active' : 'ended'}; after: {bonusText(entry.after.bonus)}, {entry.after.active ? 'active' : 'ended'}</div>}
                </li>
              ))}
            </Audit>
          </>
        )}
      </Panel>
    </ConsoleArea>
  );
}
