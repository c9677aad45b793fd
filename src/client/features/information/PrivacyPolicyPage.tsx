import { useAppConfig } from '../../config/appConfig';
import { InformationPage } from './InformationPage';
import { policyFacts } from '../../../shared/policy';

export default function PrivacyPolicyPage() {
  const { gameName, companyName, seller, supportEmail } = useAppConfig();
  const { minimumAge } = policyFacts;
  return (
    <InformationPage title="Privacy Policy">
      <p>
        This policy explains what personal information the {gameName} store collects, why, and what you can ask us
        to do with it. {seller.legalName}, which runs the store in Australia, handles it under the Australian Privacy
        Principles.
      </p>
      <h2>What we collect</h2>
      <ul>
        <li>Your account: your email address and a securely stored password, managed by our sign-in provider.</li>
        <li>
          Purchases: the name, address, email and phone number you enter at checkout, the gem pack, the amount and
          the payment status. Card details go straight to our payment provider and never reach us.
        </li>
        <li>Your gem balance, so the gems you buy reach your kingdom.</li>
      </ul>
      <h2>Why we use it</h2>
      <p>
        To sign you in, take your payment, credit your gems, answer your support requests, prevent fraud and meet
        our legal obligations. We do not sell your personal information and we do not use it for advertising.
      </p>
      <h2>Children</h2>
      <p>
        You must be at least {minimumAge} years old to use the store. Players under {minimumAge} may only use it
        with the consent and supervision of a parent or guardian, who is responsible for any purchase made.
      </p>
      <h2>Storage and security</h2>
      <p>
        Your information is kept with our hosting, sign-in and payment providers, who may store it outside
        Australia under safeguards at least as strong as ours. We keep purchase records for as long as tax law
        requires and delete account data when you ask us to close your account.
      </p>
      <h2>Your choices</h2>
      <p>
        You may ask {companyName} for a copy of your information, ask us to correct it, or ask us to delete it, by
        writing to <a href={`mailto:${supportEmail}`}>{supportEmail}</a>. If you are unhappy with our answer you
        may complain to the Office of the Australian Information Commissioner.
      </p>
    </InformationPage>
  );
}
