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
        Sign in, open the order under Account, then its Receipt, and press <strong>Request a refund</strong>. Tell
        us why in a sentence or two and send it; we email you to confirm we have it. Our support team replies within{' '}
        {supportReplyWorkingDays} working days. If you cannot use the button, write to{' '}
        <a href={`mailto:${supportEmail}`}>{supportEmail}</a> from the email address of your account with the order
        number and your reason.
      </p>
      <h2>What happens next</h2>
      <p>
        An approved refund is paid back to the card you used and takes about {refundProcessingDays} days to process.
        The refunded gems are removed from your account.
      </p>
      <h2>Gifts for a friend</h2>
      <p>
        A gift you bought for another player is yours to ask a refund of, on the same terms, but only while your
        friend still holds all the gift&rsquo;s gems: once they have spent any of them, it cannot be refunded. An
        approved refund takes the gift&rsquo;s gems back from your friend&rsquo;s account and returns the money to
        your card. If your bank reverses the payment instead, the gift&rsquo;s gems are taken back from your friend as
        far as their balance holds them, and the rest is owed by you, the buyer: your next gems pay it first, and your
        buying pauses while your bank reviews the payment. Your friend&rsquo;s buying never pauses for it.
      </p>
      <h2>Free daily gifts</h2>
      <p>
        Free daily gifts are not bought, so they are never refunded and never counted in a refund: a refund takes back
        only the gems of the order it refunds, and gems from daily gifts claimed since a purchase do not count as that
        purchase&rsquo;s unused gems.
      </p>
      <h2>Your consumer rights</h2>
      <p>
        Our goods and services come with guarantees that cannot be excluded under the Australian Consumer Law.
        Nothing in this policy excludes, restricts or modifies those guarantees, or your rights under them, including
        a refund when a purchase was not delivered or a payment was taken in error.
      </p>
    </InformationPage>
  );
}
