import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { MAX_GIFT_GEMS, dailyGiftTexts, type DailyGiftDayView } from '../../../../shared/dailyGift/dailyGift';
import { dateIn } from '../../../../shared/protections/age';
import { errorMessage } from '../../../wiring/serverApi';
import { Button } from '../../../components/Button';
import { FieldGrid } from '../../../components/form/FieldGrid';
import { FormError, FormStatus } from '../../../components/form/FormFeedback';
import { Field, Label, inputStyle } from '../../../components/form/TextField';
import { Panel } from '../../../components/Panel';
import { useAppConfig } from '../../../config/appConfig';
import { useStoreTime } from '../../../hooks/useStoreTime';
import { ConsoleArea, consoleAreaPage } from '../components/ConsoleArea';
import { TableScroll } from '../components/supportTable';
import { dailyGiftsTexts as t } from './dailyGiftsTexts';
import { useGiftDayQuery, useSaveGiftCalendarMutation } from './supportGiftsApi';

const Input = styled.input`
  ${inputStyle}
`;

const Actions = styled.div`
  margin-top: 18px;
`;


function Claims({ view }: { view: DailyGiftDayView }) {
  const { dateTime } = useStoreTime();
  if (view.claims.length === 0) return <p>{t.noClaims}</p>;
  return (
    <TableScroll tabIndex={0} role="region" aria-label={t.claims(view.claims.length)}>
      <table data-testid="gift-claims-table">
        <thead>
          <tr>
            {[t.player, t.at, t.step, t.gems, t.address, t.browser].map((head) => (
              <th scope="col" key={head}>
                {head}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {view.claims.map((claim) => (
            <tr key={claim.claimId}>
              <td>{claim.uid}</td>
              <td>{dateTime(claim.at)}</td>
              <td>{claim.step}</td>
              <td>{claim.gems}</td>
              <td>{claim.addressKey}</td>
              <td>{claim.deviceKey}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function CalendarForm({ calendar }: { calendar: number[] }) {
  const [days, setDays] = useState(() => calendar.map(String));
  const [save, saving] = useSaveGiftCalendarMutation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save({ calendar: days.map(Number) });
  };
  return (
    <form onSubmit={submit} aria-labelledby="gift-calendar-heading">
      <h2 id="gift-calendar-heading">{t.calendarHeading}</h2>
      <p id="gift-calendar-hint">{t.calendarHint}</p>
      <FieldGrid>
        {days.map((gems, index) => (
          <Field key={index}>
            <Label htmlFor={`gift-day-${index + 1}`}>{dailyGiftTexts.dayLabel(index + 1)}</Label>
            <Input
              id={`gift-day-${index + 1}`}
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_GIFT_GEMS}
              step={1}
              required
              aria-describedby="gift-calendar-hint"
              value={gems}
              onChange={(event) => setDays(days.map((day, at) => (at === index ? event.target.value : day)))}
            />
          </Field>
        ))}
      </FieldGrid>
      {saving.isError && <FormError takeFocus>{errorMessage(saving.error)}</FormError>}
      {saving.isSuccess && <FormStatus takeFocus>{t.saved}</FormStatus>}
      <Actions>
        <Button type="submit" disabled={saving.isLoading}>
          {t.save}
        </Button>
      </Actions>
    </form>
  );
}

/** /support/daily-gifts: a store day's claims, the accounts that claimed from one address or browser, and the calendar. */
export default consoleAreaPage(t.title, GiftDay);

function GiftDay() {
  const { timeZone } = useAppConfig();
  const [date, setDate] = useState(() => dateIn(timeZone, Date.now()));
  const { data: view, error, isFetching } = useGiftDayQuery(date);
  return (
    <ConsoleArea heading={t.title} busy={isFetching}>
      <Panel>
        <Field>
          <Label htmlFor="gift-day">{t.day}</Label>
          <Input id="gift-day" type="date" value={date} required onChange={(event) => event.target.value && setDate(event.target.value)} />
        </Field>
        {error && <FormError>{errorMessage(error)}</FormError>}
        {view && (
          <>
            <p data-testid="gift-claim-count">{t.claims(view.claims.length)}</p>
            <Claims view={view} />
            <h2>{t.sharedHeading}</h2>
            {view.sharedAddresses.length + view.sharedDevices.length === 0 ? (
              <p>{t.noneShared}</p>
            ) : (
              <ul data-testid="gift-shared">
                {view.sharedAddresses.map((shared) => (
                  <li key={`a-${shared.addressKey}`}>{t.sharedAddress(shared.addressKey, shared.uids)}</li>
                ))}
                {view.sharedDevices.map((shared) => (
                  <li key={`d-${shared.deviceKey}`}>{t.sharedBrowser(shared.deviceKey, shared.uids)}</li>
                ))}
              </ul>
            )}
          </>
        )}
      </Panel>
      {view && (
        <Panel>
          <CalendarForm calendar={view.calendar} />
        </Panel>
      )}
    </ConsoleArea>
  );
}
