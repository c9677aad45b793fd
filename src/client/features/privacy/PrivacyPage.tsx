import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ARCHIVE_SECTIONS, DELETION_WAITS, privacyTexts, type PrivacyRequestView } from '../../../shared/privacy/privacy';
import { ROUTES } from '../../../shared/routes';
import { SecondaryButton } from '../../components/Button';
import { FormError, FormStatus } from '../../components/form/FormFeedback';
import { SubmitButton } from '../../components/form/SubmitButton';
import { CheckboxField, TextField } from '../../components/form/TextField';
import { PageHeading, PageSection } from '../../components/Page';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useStoreTime } from '../../hooks/useStoreTime';
import { toApiError } from '../../lib/apiClient';
import { useAppDispatch, useAppSelector } from '../../wiring/hooks';
import { errorMessage } from '../../wiring/serverApi';
import { authErrorMessage, confirmPassword, selectUser } from '../auth';
import { downloadArchive, privacyApi, useCancelDeletionMutation, usePrivacyStatusQuery, useRequestDeletionMutation } from './privacyApi';

/** Download my data: the whole archive, saved as its zip; how many downloads today still allows. */
function DownloadData({ uid, left }: { uid: string; left: number }) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const dispatch = useAppDispatch();
  const download = async () => {
    setState({ busy: true, error: null });
    try {
      await downloadArchive(uid);
      setState({ busy: false, error: null });
    } catch (error) {
      setState({ busy: false, error: toApiError(error).message });
    }
    // A download counts against the day's, made or refused: the count shown is read again.
    dispatch(privacyApi.util.invalidateTags(['Privacy']));
  };
  return (
    <section aria-labelledby="download-heading">
      <h2 id="download-heading">{privacyTexts.downloadHeading}</h2>
      <p>{privacyTexts.downloadIntro}</p>
      <ul>
        {ARCHIVE_SECTIONS.map((section) => (
          <li key={section.key}>{section.title}</li>
        ))}
      </ul>
      <p>
        <SecondaryButton type="button" onClick={() => void download()} disabled={state.busy || left === 0} aria-busy={state.busy}>
          {privacyTexts.downloadButton}
        </SecondaryButton>
      </p>
      {state.busy && <FormStatus>{privacyTexts.downloading}</FormStatus>}
      {state.error && <FormError>{state.error}</FormError>}
      <p>{left > 0 ? privacyTexts.archivesLeft(left) : privacyTexts.archivesSpent}</p>
    </section>
  );
}

/** A deletion asked: its date, what holds it now, and the way to keep the account. */
function DeletionAsked({ request }: { request: PrivacyRequestView }) {
  const { date } = useStoreTime();
  const [cancel, cancelling] = useCancelDeletionMutation();
  return (
    <>
      <p role="status">{privacyTexts.deleteRequested(date(request.dueAt))}</p>
      {request.waitingFor.length > 0 && (
        <>
          <p>{privacyTexts.deleteWaiting}</p>
          <ul>
            {request.waitingFor.map((wait) => (
              <li key={wait}>{DELETION_WAITS[wait]}</li>
            ))}
          </ul>
        </>
      )}
      <p>
        <SecondaryButton type="button" onClick={() => void cancel()} disabled={cancelling.isLoading}>
          {privacyTexts.cancelButton}
        </SecondaryButton>
      </p>
      {cancelling.isError && <FormError>{errorMessage(cancelling.error) ?? privacyTexts.signInAgain}</FormError>}
    </>
  );
}

/** Ask to delete my account: the password again, a tick that says what it means, then the request. */
function AskDeletion() {
  const [password, setPassword] = useState('');
  const [understood, setUnderstood] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [ask] = useRequestDeletionMutation();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password || understood !== 'yes') return setError(privacyTexts.signInAgain);
    setBusy(true);
    setError(null);
    try {
      await confirmPassword(password);
    } catch (failure) {
      setBusy(false);
      return setError(authErrorMessage(failure));
    }
    const asked = await ask();
    setBusy(false);
    if ('error' in asked) setError(errorMessage(asked.error) ?? privacyTexts.signInAgain);
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <TextField name="deletePassword" label={privacyTexts.deletePassword} type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />
      <CheckboxField name="deleteUnderstood" label={privacyTexts.deleteConfirm} value={understood} onChange={(event) => setUnderstood(event.target.value)} />
      {error && <FormError>{error}</FormError>}
      <SubmitButton busy={busy} label={privacyTexts.deleteButton} busyLabel={privacyTexts.deleteButton} />
    </form>
  );
}

/** /account/your-data: download everything the store holds about the account, or ask for its deletion. */
export default function PrivacyPage() {
  usePageTitle(privacyTexts.pageTitle);
  const user = useAppSelector(selectUser);
  const status = usePrivacyStatusQuery(undefined, { skip: !user || Boolean(user.storeSession) });
  const session = user?.storeSession ?? null;
  const deletion = status.data?.deletion;
  return (
    <PageSection>
      <PageHeading>{privacyTexts.pageTitle}</PageHeading>
      {!user ? (
        <p>
          <Link to={ROUTES.signInSignUp}>Sign in</Link> to download your data or delete your account.
        </p>
      ) : session ? (
        <p>{privacyTexts.gameSession}</p>
      ) : (
        <>
          {status.isError && <FormError>{errorMessage(status.error) ?? privacyTexts.signInAgain}</FormError>}
          {status.data && <DownloadData uid={user.uid} left={Math.max(0, status.data.archivesPerDay - status.data.archivesToday)} />}
          <section aria-labelledby="delete-heading">
            <h2 id="delete-heading">{privacyTexts.deleteHeading}</h2>
            <p>{privacyTexts.deleteIntro}</p>
            {!status.data ? null : deletion && deletion.state === 'open' ? <DeletionAsked request={deletion} /> : user.email ? <AskDeletion /> : <p>{privacyTexts.noPasswordAccount}</p>}
          </section>
          <p>
            <Link to={ROUTES.privacyPolicy}>Privacy policy</Link>
          </p>
        </>
      )}
    </PageSection>
  );
}
