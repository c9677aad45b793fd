import { Link } from 'react-router-dom';
import { supportOrderPath } from '../../../../shared/routes';
import { errorMessage } from '../../../wiring/serverApi';
import { SecondaryButton } from '../../../components/Button';
import { FormError, FormStatus } from '../../../components/form/FormFeedback';
import { Panel } from '../../../components/Panel';
import { useEventsNeedingAttentionQuery, useResendEventMutation } from './supportDeliveryApi';
import { supportTexts as t } from '../supportTexts';
import { GameEventList } from './GameEventList';

/** The events the game's server never took, or refused, with Resend for each. */
export function AttentionPanel() {
  const { data: attention, error: readFailure } = useEventsNeedingAttentionQuery();
  const [resend, resent] = useResendEventMutation();
  const resending = resent.isLoading ? (resent.originalArgs ?? null) : null;
  const error = errorMessage(resent.error ?? readFailure);
  const done = resent.data ? t.eventResent(resent.data.id) : null;
  return (
    <Panel aria-labelledby="attention-heading" aria-busy={!attention && !error}>
      <h2 id="attention-heading">{t.attentionHeading}</h2>
      <p>{t.attentionIntro}</p>
      {error && <FormError takeFocus={resent.isError}>{error}</FormError>}
      {/* The event (and its Resend) leaves the list: focus goes to what was done. */}
      {done && <FormStatus takeFocus>{done}</FormStatus>}
      {attention?.length === 0 && <p>{t.attentionEmpty}</p>}
      {attention && attention.length > 0 && (
        <GameEventList
          events={attention}
          action={(event) => (
            <p>
              <Link to={supportOrderPath(event.orderId)}>{event.orderId}</Link>{' '}
              <SecondaryButton type="button" disabled={resending !== null} onClick={() => void resend(event.id)} aria-label={`${t.resend} ${event.id}`}>
                {resending === event.id ? t.resending : t.resend}
              </SecondaryButton>
            </p>
          )}
        />
      )}
    </Panel>
  );
}
