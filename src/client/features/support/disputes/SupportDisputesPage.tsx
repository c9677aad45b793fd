import { useSearchParams } from 'react-router-dom';
import { DISPUTE_ORDER_PARAM } from '../../../../shared/routes';
import { skipToken } from '@reduxjs/toolkit/query';
import { errorMessage } from '../../../wiring/serverApi';
import { FormError, FormStatus } from '../../../components/form/FormFeedback';
import { ConsoleArea, consoleAreaPage } from '../components/ConsoleArea';
import { DisputeQueuePanel } from './DisputeQueuePanel';
import { disputesTexts } from './disputesTexts';
import { EvidencePackPanel } from './EvidencePackPanel';
import { RecordDisputeForm } from './RecordDisputeForm';
import { useDisputeQuery } from './supportDisputesApi';
import { useDisputeChanges } from './useDisputeChanges';

/** /support/disputes: the disputes queue, one dispute's evidence pack (?order=), and a dispute recorded by hand. */
export default consoleAreaPage(disputesTexts.title, DisputesDesk);

function DisputesDesk() {
  const [searchParams, setSearchParams] = useSearchParams();
  const wanted = searchParams.get(DISPUTE_ORDER_PARAM);
  const { data: selected, error: readFailure } = useDisputeQuery(wanted ?? skipToken);
  const changes = useDisputeChanges(wanted);
  const open = (orderId: string | null) => setSearchParams(orderId ? { [DISPUTE_ORDER_PARAM]: orderId } : {});
  const error = changes.error ?? (wanted ? errorMessage(readFailure) : null);
  return (
    <ConsoleArea heading={disputesTexts.title}>
      {error && <FormError>{error}</FormError>}
      {changes.done && <FormStatus>{changes.done}</FormStatus>}
      {wanted && selected?.dispute.orderId === wanted && <EvidencePackPanel detail={selected} changes={changes} onClose={() => open(null)} />}
      <DisputeQueuePanel />
      <RecordDisputeForm changes={changes} onRecorded={open} />
    </ConsoleArea>
  );
}
