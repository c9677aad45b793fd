import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { findPack } from '../../../shared/catalogue';
import { bonusText, isOfferRunning, OFFER_KIND_NAMES, type Offer } from '../../../shared/offers/offer';
import { ROUTES } from '../../../shared/routes';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { SecondaryButton } from '../../components/Button';
import { FormError, FormStatus } from '../../components/form/FormFeedback';
import { PageHeading, PageSection } from '../../components/Page';
import { Panel } from '../../components/Panel';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useStoreTime } from '../../hooks/useStoreTime';
import { OfferForm } from './components/OfferForm';
import { Stack, StaffOnly } from './components/StaffOnly';
import { TableScroll } from './components/supportTable';
import { newOfferChosen, offerEnded, offerOpened, offerSaved, offersScreenOpened, selectSupportOffers } from './supportOffersSlice';
import { selectSupportAccess } from './supportSlice';
import { supportTexts as t } from './supportTexts';

const Audit = styled.ol`
  margin: 0;
  padding-left: 1.2em;
  li + li {
    margin-top: 6px;
  }
`;

/** The short columns and the Edit button keep their words whole; the table scrolls sideways on a phone instead. */
const OffersTable = styled(TableScroll)`
  table {
    min-width: 820px;
  }
  .short,
  button {
    white-space: nowrap;
    overflow-wrap: normal;
  }
  button {
    min-height: 44px;
    padding: 0.4em 1.1em;
  }
`;

function stateOf(offer: Offer, now: number): string {
  if (isOfferRunning(offer, now)) return t.running;
  return offer.active && now < offer.startsAt ? t.scheduled : t.endedState;
}

/** /support/offers: every offer and code, a form to create or edit one, End, and each offer's audited changes. */
export default function SupportOffersPage() {
  const dispatch = useAppDispatch();
  const access = useAppSelector(selectSupportAccess);
  const { list, timeZone, selected, status, error, done } = useAppSelector(selectSupportOffers);
  const { dateTime } = useStoreTime();
  usePageTitle(access === 'granted' ? `${t.offersTitle} · ${t.title}` : undefined, { skip: access === 'denied' });
  useEffect(() => {
    dispatch(offersScreenOpened());
  }, [dispatch]);
  const now = Date.now();
  const offer = selected?.offer ?? null;
  return (
    <StaffOnly onRetry={() => dispatch(offersScreenOpened())}>
      <PageSection>
        <PageHeading>{t.offersTitle}</PageHeading>
        <p>
          <Link to={ROUTES.support}>{t.backToConsole}</Link>
        </p>
        <Stack>
          <Panel aria-labelledby="offers-list-heading">
            <h2 id="offers-list-heading">{t.offersLink}</h2>
            <p>
              {t.offersIntro} {timeZone ?? '…'}.
            </p>
            {list?.length === 0 && <p>{t.offersEmpty}</p>}
            {list && list.length > 0 && (
              <OffersTable>
                <table data-testid="offers-table">
                  <thead>
                    <tr>
                      <th scope="col">{t.offerName}</th>
                      <th scope="col">{t.offerKind}</th>
                      <th scope="col">{t.offerBonus}</th>
                      <th scope="col">{t.offerPacks}</th>
                      <th scope="col">{t.offerRuns}</th>
                      <th scope="col" className="short">
                        {t.offerUses}
                      </th>
                      <th scope="col" className="short">
                        {t.offerState}
                      </th>
                      <th scope="col">
                        <VisuallyHidden>{t.edit}</VisuallyHidden>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {list.map((each) => (
                      <tr key={each.id} data-offer-id={each.id}>
                        <td>
                          {each.title}
                          {each.code && <div>{each.code}</div>}
                        </td>
                        <td>{OFFER_KIND_NAMES[each.kind]}</td>
                        <td>{bonusText(each.bonus)}</td>
                        <td>{each.packIds ? each.packIds.map((id) => findPack(id)?.title ?? id).join(', ') : t.everyPack}</td>
                        <td>
                          {dateTime(each.startsAt)} – {each.endsAt === null ? t.noEnd : dateTime(each.endsAt)}
                        </td>
                        <td className="short">{each.kind === 'promoCode' ? `${each.uses ?? 0} / ${each.totalUses ?? '∞'}` : '—'}</td>
                        <td className="short">{stateOf(each, now)}</td>
                        <td>
                          <SecondaryButton type="button" onClick={() => dispatch(offerOpened(each.id))} aria-label={`${t.edit} ${each.title}`}>
                            {t.edit}
                          </SecondaryButton>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </OffersTable>
            )}
          </Panel>
          <Panel aria-labelledby="offer-form-heading">
            <h2 id="offer-form-heading">{offer ? t.editOfferHeading(offer.title) : t.newOfferHeading}</h2>
            {offer && (
              <p>
                <SecondaryButton type="button" onClick={() => dispatch(newOfferChosen())}>
                  {t.newOffer}
                </SecondaryButton>
              </p>
            )}
            {done && <FormStatus takeFocus>{done}</FormStatus>}
            {error && <FormError takeFocus>{error}</FormError>}
            {timeZone && (
              <OfferForm
                key={`${offer?.id ?? 'new'}-${offer?.updatedAt ?? ''}`}
                offer={offer}
                timeZone={timeZone}
                busy={status === 'saving'}
                onSave={(form) => dispatch(offerSaved({ form, offerId: offer?.id ?? null, updatedAt: offer?.updatedAt ?? null }))}
              />
            )}
            {offer?.active && (
              <p>
                <SecondaryButton type="button" disabled={status === 'saving'} onClick={() => dispatch(offerEnded(offer.id))}>
                  {t.endOffer}
                </SecondaryButton>
              </p>
            )}
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
        </Stack>
      </PageSection>
    </StaffOnly>
  );
}
