import { useAppConfig } from '../../config/appConfig';
import { InformationPage } from './InformationPage';
import { policyFacts } from '../../../shared/policy';

export default function TermsOfServicePage() {
  const { gameName, companyName, seller, supportEmail } = useAppConfig();
  const { minimumAge } = policyFacts;
  return (
    <InformationPage title="Terms of Service">
      <p>
        These terms apply when you use the {gameName} store, which {seller.legalName} runs in Australia. By creating
        an account or buying gems
        you agree to them.
      </p>
      <h2>Who may use the store</h2>
      <p>
        The minimum age is {minimumAge}. If you are under {minimumAge}, you need a parent&apos;s or guardian&apos;s
        consent to use the store, and they must agree to these terms for you.
      </p>
      <h2>Your account</h2>
      <p>
        Keep your password to yourself; you are responsible for what happens in your account. Tell us straight away
        at <a href={`mailto:${supportEmail}`}>{supportEmail}</a> if you think someone else has used it.
      </p>
      <h2>Gems and purchases</h2>
      <p>
        Gems are a licence to use virtual items inside {gameName}. They have no cash value, cannot be exchanged for
        money outside the refund policy and cannot be transferred to another account. Prices are in Australian
        dollars and include GST. Your gems are credited once our payment provider confirms your payment.
      </p>
      <h2>Fair play</h2>
      <p>
        Do not cheat, exploit bugs, resell accounts or gems, or attack the store. We may suspend an account that
        breaks these rules.
      </p>
      <h2>Changes and contact</h2>
      <p>
        {companyName} may update these terms; we will show the date of the latest version on this page. Questions
        are welcome at <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
      </p>
    </InformationPage>
  );
}
