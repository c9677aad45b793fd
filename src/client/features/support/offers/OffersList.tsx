import styled from 'styled-components';
import { findPack, type GemPack } from '../../../../shared/catalogue';
import { bonusText, isOfferRunning, isTailored, OFFER_KIND_NAMES, type Offer } from '../../../../shared/offers/offer';
import { audienceFieldsOf, AUDIENCE_CHOICE_WORDS } from '../../../../shared/validation/offerTailoring';
import { SecondaryButton } from '../../../components/Button';
import { Panel } from '../../../components/Panel';
import { VisuallyHidden, visuallyHiddenStyle } from '../../../components/VisuallyHidden';
import { useStoreTime } from '../../../hooks/useStoreTime';
import { TableScroll } from '../components/supportTable';
import { supportTexts as t } from '../supportTexts';

/**
 * A table on a wide screen, its short columns and Edit keeping their words whole; below 760 px (a phone, or 200 %
 * zoom) each offer is a card of labelled lines, so nothing scrolls sideways. The roles keep it a table for screen
 * readers whatever its layout (display: block drops them).
 */
const OffersTable = styled(TableScroll)`
  table {
    min-width: 0;
  }
  .short,
  button {
    white-space: nowrap;
    overflow-wrap: normal;
  }
  /* Whom a tailored offer is for: a note under its name, kept narrow so the figures beside it stay whole. */
  .tailoring {
    max-width: 18em;
    font-size: 0.9em;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  button {
    min-height: 44px;
    padding: 0.4em 1.1em;
  }

  @media (max-width: 759.98px) {
    table,
    tbody,
    tr,
    td {
      display: block;
    }
    thead tr {
      ${visuallyHiddenStyle}
    }
    tr {
      padding: 8px 0;
      border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    }
    td {
      display: grid;
      grid-template-columns: 7em 1fr;
      gap: 8px;
      padding: 4px 0;
      border: 0;
    }
    td::before {
      content: attr(data-label);
      color: ${({ theme }) => theme.colors.textMuted};
      font-weight: 600;
    }
    td.actions::before {
      content: none;
    }
  }
`;

/** When an offer runs: from its start to its end, or to when staff ended it. */
function runsText(offer: Offer, dateTime: (at: number) => string): string {
  const end = !offer.active ? t.endedAt(dateTime(offer.updatedAt)) : offer.endsAt === null ? t.noEnd : dateTime(offer.endsAt);
  return `${dateTime(offer.startsAt)} – ${end}`;
}

function stateOf(offer: Offer, now: number): string {
  if (isOfferRunning(offer, now)) return offer.experiment?.paused ? t.pausedState : t.running;
  return offer.active && now < offer.startsAt ? t.scheduled : t.endedState;
}


/** Whom an offer is for and whether it is measured: "For Lapsed: … (30); measured against a 20 % holdout". */
function tailoringText(offer: Offer): string {
  const { audience, audienceValue } = audienceFieldsOf(offer.audience?.[0]);
  const who = `${t.offerFor} ${AUDIENCE_CHOICE_WORDS[audience].label}${audienceValue ? ` (${audienceValue})` : ''}`;
  return offer.experiment ? `${who}; ${t.holdoutLine(Math.round(offer.experiment.holdoutShare * 100), offer.experiment.arms.length)}` : who;
}

/** Every offer and code: what it gives, on which packs, when it runs, its uses and its state, and Edit. */
export function OffersList({ list, packs, timeZone, onEdit }: { list: Offer[] | undefined; packs: readonly GemPack[]; timeZone: string | null; onEdit: (offerId: string) => void }) {
  const { dateTime } = useStoreTime();
  const now = Date.now();
  return (
    <Panel aria-labelledby="offers-list-heading">
      <h2 id="offers-list-heading">{t.offersLink}</h2>
      <p>
        {t.offersIntro} {timeZone ?? '…'}.
      </p>
      {list?.length === 0 && <p>{t.offersEmpty}</p>}
      {list && list.length > 0 && (
        <OffersTable>
          <table data-testid="offers-table" role="table">
            <thead role="rowgroup">
              <tr role="row">
                <th role="columnheader" scope="col">{t.offerName}</th>
                <th role="columnheader" scope="col">{t.offerKind}</th>
                <th role="columnheader" scope="col" className="short">
                  {t.offerBonus}
                </th>
                <th role="columnheader" scope="col" className="short">
                  {t.offerPacks}
                </th>
                <th role="columnheader" scope="col">{t.offerRuns}</th>
                <th role="columnheader" scope="col" className="short">
                  {t.offerUses}
                </th>
                <th role="columnheader" scope="col" className="short">
                  {t.offerState}
                </th>
                <th role="columnheader" scope="col">
                  <VisuallyHidden>{t.edit}</VisuallyHidden>
                </th>
              </tr>
            </thead>
            <tbody role="rowgroup">
              {list.map((each) => (
                <tr key={each.id} data-offer-id={each.id} role="row">
                  <td role="cell" data-label={t.offerName}>
                    {/* One box, so the code stays under the name when the row is a card. */}
                    <div>
                      {each.title}
                      {each.code && <div>{each.code}</div>}
                      {isTailored(each) && <div className="tailoring" data-testid="offer-tailoring">{tailoringText(each)}</div>}
                    </div>
                  </td>
                  <td role="cell" data-label={t.offerKind}>{OFFER_KIND_NAMES[each.kind]}</td>
                  <td role="cell" data-label={t.offerBonus} className="short">
                    {bonusText(each.bonus)}
                  </td>
                  <td role="cell" data-label={t.offerPacks}>{each.packIds ? each.packIds.map((id) => findPack(packs, id)?.title ?? t.retiredPack(id)).join(', ') : t.everyPack}</td>
                  <td role="cell" data-label={t.offerRuns}>{runsText(each, dateTime)}</td>
                  <td role="cell" data-label={t.offerUses} className="short">
                    {each.kind === 'promoCode' ? `${each.uses ?? 0} / ${each.totalUses ?? '∞'}` : '—'}
                  </td>
                  <td role="cell" data-label={t.offerState} className="short">
                    {stateOf(each, now)}
                  </td>
                  <td role="cell" className="actions">
                    <SecondaryButton type="button" onClick={() => onEdit(each.id)} aria-label={`${t.edit} ${each.title}`}>
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
  );
}
