import { useState, type FormEvent } from 'react';
import { formatAud } from '../../../../shared/money';
import type { CreatorEarnings } from '../../../../shared/creators';
import { dateIn } from '../../../../shared/protections/age';
import { isWallTime, wallTimeFieldOf, wallTimeIn } from '../../../../shared/wallTime';
import { errorMessage } from '../../../wiring/serverApi';
import { Button, SecondaryButton } from '../../../components/Button';
import { FieldGrid } from '../../../components/form/FieldGrid';
import { FormError, FormStatus } from '../../../components/form/FormFeedback';
import { TextField } from '../../../components/form/TextField';
import { Panel } from '../../../components/Panel';
import { useAppConfig } from '../../../config/appConfig';
import { useStoreTime } from '../../../hooks/useStoreTime';
import { ConsoleArea, consoleAreaPage } from '../components/ConsoleArea';
import { FiguresTable, type FigureColumn } from '../overview/FiguresTable';
import { useCreatorEarningsQuery, useCreatorsQuery, useSaveCreatorMutation } from './supportCreatorsApi';
import { LinkoutPanel } from './LinkoutPanel';

const t = {
  title: 'Creators and the game’s links',
  intro: 'Creators’ codes: a player enters one on the payment form, or arrives by the creator’s link with it filled in. A code never changes the price. Every change is audited.',
  listHeading: 'Codes',
  none: 'No creator yet.',
  formHeading: 'Add or change a code',
  code: 'Code',
  name: 'Creator’s name',
  share: 'Share (percent)',
  starts: 'From (store time)',
  ends: 'Until (store time; empty for no end)',
  save: 'Save the code',
  saved: (code: string) => `Saved ${code}.`,
  endNow: (code: string) => `End ${code} now`,
  earningsHeading: 'Earnings by month',
  earningsIntro: 'From the orders each code still pays: a refund or a chargeback takes its share back in the month it happens.',
  month: 'Month',
  auditHeading: 'Changes',
  auditLine: (by: string, code: string) => `${by} saved ${code}`,
} as const;

const EARNINGS_COLUMNS: ReadonlyArray<FigureColumn<CreatorEarnings>> = [
  { label: t.code, cell: (row) => row.code, csv: (row) => row.code },
  { label: t.name, cell: (row) => row.name, csv: (row) => row.name },
  { label: t.share, cell: (row) => `${row.sharePercent} %`, csv: (row) => row.sharePercent },
  { label: 'Paid orders', cell: (row) => String(row.paid), csv: (row) => row.paid },
  { label: 'Net', cell: (row) => formatAud(row.netCents), csv: (row) => (row.netCents / 100).toFixed(2) },
  { label: 'Payout', cell: (row) => formatAud(row.earnedCents), csv: (row) => (row.earnedCents / 100).toFixed(2) },
];

/** A creator's code as the form edits it: text fields, times as the store's wall time. */
function CreatorForm() {
  const { timeZone } = useAppConfig();
  const [save, saving] = useSaveCreatorMutation();
  const [form, setForm] = useState({ code: '', name: '', share: '10', starts: wallTimeFieldOf(timeZone, Date.now()), ends: '' });
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) => setForm({ ...form, [field]: event.target.value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const startsAt = isWallTime(form.starts) ? wallTimeIn(timeZone, form.starts) : Date.now();
    const endsAt = isWallTime(form.ends) ? wallTimeIn(timeZone, form.ends) : null;
    void save({ code: form.code.trim().toUpperCase(), name: form.name, sharePercent: Number(form.share), startsAt, endsAt });
  };
  return (
    <form onSubmit={submit} aria-labelledby="creator-form-heading">
      <h2 id="creator-form-heading">{t.formHeading}</h2>
      <FieldGrid>
        <TextField name="creator-code" label={t.code} value={form.code} maxLength={20} autoComplete="off" spellCheck={false} onChange={set('code')} />
        <TextField name="creator-name" label={t.name} value={form.name} maxLength={60} onChange={set('name')} />
        <TextField name="creator-share" label={t.share} value={form.share} inputMode="decimal" onChange={set('share')} />
        <TextField name="creator-starts" label={t.starts} type="datetime-local" value={form.starts} onChange={set('starts')} />
        <TextField name="creator-ends" label={t.ends} type="datetime-local" value={form.ends} onChange={set('ends')} />
      </FieldGrid>
      <Button type="submit" disabled={saving.isLoading}>
        {t.save}
      </Button>
      {saving.data && !saving.isLoading && <FormStatus takeFocus>{t.saved(saving.data.code)}</FormStatus>}
      {saving.error && <FormError takeFocus>{errorMessage(saving.error)}</FormError>}
    </form>
  );
}

function CreatorsArea() {
  const { timeZone } = useAppConfig();
  const { dateTime } = useStoreTime();
  const { data, error, isFetching } = useCreatorsQuery();
  const [month, setMonth] = useState(dateIn(timeZone, Date.now()).slice(0, 7));
  const earnings = useCreatorEarningsQuery(month, { skip: !/^\d{4}-\d{2}$/.test(month) });
  const [save, ending] = useSaveCreatorMutation();
  return (
    <ConsoleArea heading={t.title} busy={isFetching} error={error}>
      <p>{t.intro}</p>
      <Panel aria-labelledby="creators-heading">
        <h2 id="creators-heading">{t.listHeading}</h2>
        {!data || data.creators.length === 0 ? (
          <p>{t.none}</p>
        ) : (
          <ul data-testid="creators-list">
            {data.creators.map((creator) => (
              <li key={creator.code}>
                <strong>{creator.code}</strong>: {creator.name}, {creator.sharePercent} %, from {dateTime(creator.startsAt)}
                {creator.endsAt !== null ? ` until ${dateTime(creator.endsAt)}` : ''}{' '}
                {(creator.endsAt === null || creator.endsAt > Date.now()) && (
                  <SecondaryButton type="button" disabled={ending.isLoading} onClick={() => void save({ ...creator, endsAt: Math.max(Date.now(), creator.startsAt + 1) })}>
                    {t.endNow(creator.code)}
                  </SecondaryButton>
                )}
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <Panel>
        <CreatorForm />
      </Panel>
      <Panel aria-labelledby="earnings-heading">
        <h2 id="earnings-heading">{t.earningsHeading}</h2>
        <p>{t.earningsIntro}</p>
        <TextField name="earnings-month" label={t.month} type="month" value={month} onChange={(event) => setMonth(event.target.value)} />
        {earnings.error && <FormError>{errorMessage(earnings.error)}</FormError>}
        {earnings.data && <FiguresTable caption={`${t.earningsHeading}: ${month}`} columns={EARNINGS_COLUMNS} rows={earnings.data} file={`wyrmcrown-creator-payouts-${month}.csv`} testId="creator-earnings" open />}
      </Panel>
      <LinkoutPanel />
      {data && data.audit.length > 0 && (
        <Panel aria-labelledby="creators-audit-heading">
          <h2 id="creators-audit-heading">{t.auditHeading}</h2>
          <ul>
            {data.audit.map((entry) => (
              <li key={`${entry.after.code}-${entry.at}`}>
                {dateTime(entry.at)}: {t.auditLine(entry.by, entry.after.code)}
              </li>
            ))}
          </ul>
        </Panel>
      )}
    </ConsoleArea>
  );
}

export default consoleAreaPage(t.title, CreatorsArea);
