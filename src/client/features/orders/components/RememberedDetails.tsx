import { lazy, Suspense, useEffect, useState } from 'react';
import styled from 'styled-components';
import { billingProfileTexts } from '../../../../shared/billingProfile';
import { errorMessage, type ServerError } from '../../../wiring/serverApi';
import { Link } from 'react-router-dom';
import { ROUTES } from '../../../../shared/routes';
import { ButtonRow, SecondaryButton } from '../../../components/Button';
import { FormError, FormStatus } from '../../../components/form/FormFeedback';
import { useBillingDetailsQuery, useForgetBillingDetailsMutation } from '../../../wiring/billingDetailsApi';
import { DetailsAddress } from '../../../components/DetailsAddress';

const Panel = styled.details`
  margin-top: 24px;
  padding: 14px clamp(16px, 4vw, 28px);
  border-radius: ${({ theme }) => theme.radius.large};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};

  summary {
    cursor: pointer;
  }
  summary h2 {
    display: inline;
    margin: 0;
    font-size: 1.2rem;
  }
  summary:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 4px;
  }
  address {
    font-style: normal;
    margin: 14px 0;
  }
`;

/**
 * The payment details the player asked the store to remember, behind a summary that is on the page from its first
 * frame (so nothing below it moves when they arrive) and read when opened: what is kept, Edit (the payment form's
 * fields and rules), and Forget, which deletes them at once.
 */
export function RememberedDetails() {
  const [open, setOpen] = useState(false);
  return (
    <Panel data-testid="remembered-details" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        <h2>{billingProfileTexts.heading}</h2>
      </summary>
      {open && <Remembered />}
    </Panel>
  );
}

/** The editor brings the payment form's rules (and zod): loaded once the details are opened, not with the orders page. */
const loadEditor = () => import(/* webpackChunkName: "edit-remembered-details" */ './EditRememberedDetails');
const EditRememberedDetails = lazy(() => loadEditor().then(({ EditRememberedDetails: editor }) => ({ default: editor })));

/** A ref that focuses its element once, when it is shown. */
const focusWhenShown = (element: HTMLElement | null) => element?.focus();

function Remembered() {
  const { data, error } = useBillingDetailsQuery(undefined, { refetchOnMountOrArgChange: true });
  // Opened: Edit is a press away, so its editor loads now and opens at once.
  useEffect(() => {
    loadEditor().catch(() => undefined);
  }, []);
  const [forget, forgetting] = useForgetBillingDetailsMutation();
  const [editing, setEditing] = useState(false);
  // What the last step was, so focus lands on its news, or back on Edit after Cancel (the form that had it is gone).
  const [after, setAfter] = useState<'saved' | 'cancelled' | null>(null);
  // A browser signed in with the game sees details entered elsewhere once the game confirms it.
  if (!data && (error as Partial<ServerError> | undefined)?.reason === 'confirmInGame') {
    return (
      <p>
        {billingProfileTexts.confirmInGame} <Link to={ROUTES.signInSignUp}>{billingProfileTexts.confirmButton}</Link>
      </p>
    );
  }
  if (!data) return error ? <FormError>{errorMessage(error)}</FormError> : null;
  const details = data.details;
  if (!details) {
    return (
      <>
        {forgetting.isSuccess && <FormStatus takeFocus>{billingProfileTexts.forgotten}</FormStatus>}
        <p>{billingProfileTexts.none}</p>
      </>
    );
  }
  if (editing) {
    return (
      <Suspense fallback={<p>{billingProfileTexts.opening}</p>}>
        <EditRememberedDetails
          details={details}
          onSaved={() => {
            setEditing(false);
            setAfter('saved');
          }}
          onCancel={() => {
            setEditing(false);
            setAfter('cancelled');
          }}
        />
      </Suspense>
    );
  }
  return (
    <>
      {after === 'saved' && <FormStatus takeFocus>{billingProfileTexts.saved}</FormStatus>}
      <DetailsAddress details={details} />
      <ButtonRow>
        <SecondaryButton type="button" ref={after === 'cancelled' ? focusWhenShown : undefined} onClick={() => setEditing(true)}>
          {billingProfileTexts.edit}
        </SecondaryButton>
        <SecondaryButton type="button" onClick={() => void forget()} disabled={forgetting.isLoading} aria-busy={forgetting.isLoading}>
          {billingProfileTexts.forget}
        </SecondaryButton>
      </ButtonRow>
      {forgetting.error && <FormError>{errorMessage(forgetting.error)}</FormError>}
    </>
  );
}
