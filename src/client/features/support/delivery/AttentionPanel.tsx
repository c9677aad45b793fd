import { Link } from 'react-router-dom';
import { supportOrderPath } from '../../../../shared/routes';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { SecondaryButton } from '../../../components/Button';
import { FormError, FormStatus } from '../../../components/form/FormFeedback';
import { Panel } from '../../../components/Panel';
import { resendRequested, selectSupportDelivery } from '../supportDeliverySlice';
import { supportTexts as t } from '../supportTexts';
import { GameEventList } from './GameEventList';

/** The events the game's server never took, or refused, with Resend for each. */
export function AttentionPanel() {
  const dispatch = useAppDispatch();
  const { attention, resending, error, done } = useAppSelector(selectSupportDelivery);
  return (
    <Panel aria-labelledby="attention-heading" aria-busy={attention === null && !error}>
      <h2 id="attention-heading">{t.attentionHeading}</h2>
      <p>{t.attentionIntro}</p>
      {error && <FormError>{error}</FormError>}
      {done && <FormStatus>{done}</FormStatus>}
      {attention?.length === 0 && <p>{t.attentionEmpty}</p>}
      {attention && attention.length > 0 && (
        <GameEventList
          events={attention}
          action={(event) => (
            <p>
              <Link to={supportOrderPath(event.orderId)}>{event.orderId}</Link>{' '}
              <SecondaryButton type="button" disabled={resending !== null} onClick={() => dispatch(resendRequested(event.id))} aria-label={`${t.resend} ${event.id}`}>
                {resending === event.id ? t.resending : t.resend}
              </SecondaryButton>
            </p>
          )}
        />
      )}
    </Panel>
  );
}
