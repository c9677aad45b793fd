import { useAppConfig } from '../../config/appConfig';
import { InformationPage } from './InformationPage';
import { policyFacts } from '../../../shared/policy';

export default function RefundPolicyPage() {
  const { gameName, supportEmail } = useAppConfig();
  const { refundRequestWindowDays, supportReplyWorkingDays, refundProcessingDays } = policyFacts;
  return (
    <InformationPage title="Refund Policy">
      <p>
        Gems are virtual items for {gameName}. We want every purchase to be one you are happy with, so you may ask
        for a refund when all of the following are true.
      </p>
      <h2>When a refund is possible</h2>
      <ul>
        <li>The virtual items you bought are unused: the gems from the purchase have not been spent.</li>
        <li>You ask within {refundRequestWindowDays} days of the purchase.</li>
        <li>The amount you ask for is no more than your last transaction.</li>
      </ul>
      <h2>How to ask</h2>
      <p>
        Write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a> from the email address of your account, with
        the order number from your receipt and the reason for your request. Our support team replies within{' '}
        {supportReplyWorkingDays} working days.
      </p>
      <h2>What happens next</h2>
      <p>
        An approved refund is paid back to the card you used and takes about {refundProcessingDays} days to process.
        The refunded gems are removed from your account.
      </p>
      <h2>Your consumer rights</h2>
      <p>
        Nothing in this policy limits your rights under the Australian Consumer Law, including a refund when a
        purchase was not delivered or a payment was taken in error.
      </p>
    </InformationPage>
  );
}
