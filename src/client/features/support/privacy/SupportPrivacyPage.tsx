import { useState, type FormEvent } from 'react';
import { DELETION_WAITS, type PrivacyRequestView } from '../../../../shared/privacy/privacy';
import { Button, SecondaryButton } from '../../../components/Button';
import { FormError, FormStatus } from '../../../components/form/FormFeedback';
import { TextField } from '../../../components/form/TextField';
import { Panel } from '../../../components/Panel';
import { useStoreTime } from '../../../hooks/useStoreTime';
import { toApiError } from '../../../lib/apiClient';
import { errorMessage } from '../../../wiring/serverApi';
import { ColumnHeads } from '../components/ColumnHeads';
import { ConsoleArea, consoleAreaPage } from '../components/ConsoleArea';
import { TableScroll } from '../components/supportTable';
import { privacyDeskTexts as t } from './privacyDeskTexts';
import { downloadPlayerArchive, useCarryOutDeletionMutation, usePrivacyQueueQuery, useRecordDeletionMutation } from './supportPrivacyApi';

function RequestRow({ request }: { request: PrivacyRequestView }) {
  const { date, dateTime } = useStoreTime();
  const [carryOut, carrying] = useCarryOutDeletionMutation();
  const open = request.kind === 'deletion' && request.state === 'open';
  return (
    <tr>
      <td>{t.kind[request.kind]}</td>
      <td>
        {request.uid}
        {request.email && <div>{request.email}</div>}
      </td>
      <td>{t.state[request.state]}</td>
      <td>{dateTime(request.requestedAt)}</td>
      <td>{open ? date(request.dueAt) : request.doneAt ? dateTime(request.doneAt) : ''}</td>
      <td>
        {t.by[request.by]}
        {request.note && <div>{request.note}</div>}
      </td>
      <td>
        {request.waitingFor.map((wait) => (
          <div key={wait}>{DELETION_WAITS[wait]}</div>
        ))}
        {open && request.waitingFor.length === 0 && (
          <Button type="button" onClick={() => void carryOut(request.id)} disabled={carrying.isLoading} aria-busy={carrying.isLoading}>
            {t.carryOut}
          </Button>
        )}
        {carrying.isError && <FormError>{errorMessage(carrying.error)}</FormError>}
      </td>
    </tr>
  );
}

/** A player who asked by email (and was checked): their archive to send them, or their deletion recorded. */
function AskedByEmail() {
  const [uid, setUid] = useState('');
  const [note, setNote] = useState('');
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const [record] = useRecordDeletionMutation();
  const archive = async () => {
    try {
      await downloadPlayerArchive(uid.trim(), note);
      setSaid({ ok: true, text: t.archiveSaved });
    } catch (error) {
      setSaid({ ok: false, text: toApiError(error).message });
    }
  };
  const deletion = async (event: FormEvent) => {
    event.preventDefault();
    const asked = await record({ uid: uid.trim(), note });
    setSaid('error' in asked ? { ok: false, text: errorMessage(asked.error) ?? t.failed } : { ok: true, text: t.deletionRecorded });
  };
  return (
    <Panel>
      <h2>{t.byEmailHeading}</h2>
      <p>{t.byEmailIntro}</p>
      <form onSubmit={(event) => void deletion(event)}>
        <TextField name="privacyUid" label={t.uid} value={uid} onChange={(event) => setUid(event.target.value)} autoComplete="off" />
        <TextField name="privacyNote" label={t.note} hint={t.noteHint} value={note} onChange={(event) => setNote(event.target.value)} maxLength={300} />
        <SecondaryButton type="button" onClick={() => void archive()}>
          {t.archive}
        </SecondaryButton>{' '}
        <Button type="submit">{t.recordDeletion}</Button>
      </form>
      {said && (said.ok ? <FormStatus>{said.text}</FormStatus> : <FormError>{said.text}</FormError>)}
    </Panel>
  );
}

function PrivacyDesk() {
  const queue = usePrivacyQueueQuery();
  const requests = queue.data?.requests ?? [];
  return (
    <ConsoleArea heading={t.title} busy={queue.isFetching} error={queue.error}>
      <Panel>
        <h2>{t.queueHeading}</h2>
        <p>{t.queueIntro}</p>
        {requests.length === 0 ? (
          <p>{t.none}</p>
        ) : (
          <TableScroll tabIndex={0} role="region" aria-label={t.queueHeading}>
            <table data-testid="privacy-requests">
              <ColumnHeads labels={t.columns} />
              <tbody>
                {requests.map((request) => (
                  <RequestRow key={request.id} request={request} />
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </Panel>
      <AskedByEmail />
    </ConsoleArea>
  );
}

export default consoleAreaPage(t.title, PrivacyDesk);
