import { useAppConfig } from '../../config/appConfig';
import { InformationPage } from './InformationPage';
import { PurchaseSignals } from './PurchaseSignals';
import { Link } from 'react-router-dom';
import { policyFacts } from '../../../shared/policy';
import { ARCHIVES_PER_DAY, DELETION_DUE_DAYS, TAX_RECORDS_KEPT_YEARS } from '../../../shared/privacy/privacy';
import { ROUTES } from '../../../shared/routes';

export default function PrivacyPolicyPage() {
  const { gameName, seller } = useAppConfig();
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
          the payment status. Card details go straight to our payment provider and never reach us. With each order we
          also keep the country of your billing address and the country your connection came from (never the address
          itself), because the tax on a sale depends on where the buyer is.
        </li>
        <li>
          Your remembered payment details, only if you tick “Remember these details for next time”: the nine fields of
          the payment form (never a card number), so your next checkout starts filled in. We keep them until you forget
          them on your orders page, or 24 months after your last purchase with them; a player under 13 has them kept
          only while their parent or guardian’s consent is in place.
        </li>
        <li>
          Your gem balance and its statement: every move of your gems (a pack bought, a gift, a refund, a spend in the
          game), so the gems you buy reach your kingdom and you, our support team and our auditors can see where they
          came from and went. Its purchases and refunds are purchase records, kept as below.
        </li>
        <li>
          Browsers signed in with the game: for each, the kind of browser and system, the country it was in, and when it
          was signed in and ended, so the game can show you where you are signed in and end any of them. Such a browser
          shows your saved details and the orders made elsewhere only once you confirm it in the game. We keep this
          for a month after the browser&rsquo;s sign-in ends.
        </li>
        <li>
          Daily gifts: each gift you claim, and, so one browser and one connection cannot claim for many accounts, a
          random id your browser keeps and your connection&rsquo;s address, each stored only as a scrambled code (a
          keyed hash) and deleted after 30 days.
        </li>
        <li>
          Gifts for a friend: when you send one, the friend&rsquo;s player tag, the masked name we showed you, your
          message and whether you chose to show your name; when you receive one, the name of the sender only if they
          chose to show it. A gift&rsquo;s sender never learns your account&rsquo;s email, your age or your uid, and
          a tag that cannot receive gifts is answered the same way as a tag that names nobody. Gifts are purchase
          records, kept as below.
        </li>
        <PurchaseSignals />
        <li>
          Your protections: your date of birth, the email address of the parent or guardian you ask to consent, when
          they consented and the limit they set, and your monthly spending limit with every change made to it.
        </li>
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
      <p>
        We ask your date of birth to know whether a guardian must consent before you buy. Your guardian’s email
        address is used only to send them the consent request, a record of what they agreed to, and any request you
        make to change the limit they set; we never send it marketing. We keep the history of your spending limit
        so that a limit you set works as you set it, so that a guardian’s limit can only be changed by them, and
        so that support can answer questions about a refused order. These records are kept with your account and
        deleted with it.
      </p>
      <h2>Storage and security</h2>
      <p>
        Your information is kept with our hosting, sign-in and payment providers, who may store it outside
        Australia under safeguards at least as strong as ours.
      </p>
      <h2>How long we keep it</h2>
      <p>
        We keep your account&rsquo;s information while your account stands. Orders and their tax invoices are tax
        records: the law has us keep them for {TAX_RECORDS_KEPT_YEARS} years, with the name and address on them, even
        after your account is deleted. Your gem statement is the store&rsquo;s books: once your account is deleted it
        is kept without anything that names you. Daily gifts&rsquo; scrambled codes go after 30 days, and the counts
        that stop card fraud after two days.
      </p>
      <YourDataRights />
    </InformationPage>
  );
}

/** What a player may ask of their data, and how the store answers (docs/operations.md, A player's data). */
function YourDataRights() {
  const { companyName, supportEmail } = useAppConfig();
  const { minimumAge } = policyFacts;
  return (
    <>
        <h2>Your data, on your request</h2>
        <p>
          On <Link to={ROUTES.privacy}>Your data</Link> you can download everything the store holds about your account in
          one file (up to {ARCHIVES_PER_DAY} times a day): each part says what it is and why we keep it, with your orders
          and gem movements as spreadsheets. There you can also ask us to delete your account, after giving your password
          again. We delete or anonymise everything we hold about you within {DELETION_DUE_DAYS} days, but for the tax
          records above; we tell the game, sign you out everywhere and email you when it is done. While a payment of
          yours is under way (a bank transfer can take hours), your bank disputes a payment, or your account owes gems,
          the deletion waits until that ends, and the page says why, so nothing you paid for is lost.
        </p>
        <p>
          You may also ask {companyName} for a copy of your information, to correct it, or to delete it, by writing to{' '}
          <a href={`mailto:${supportEmail}`}>{supportEmail}</a> from your account&rsquo;s email: we check it is you
          (an order number and its amount), and answer within {DELETION_DUE_DAYS} days. A parent or guardian who gave
          consent for a player under {minimumAge} may ask the same for that player, from the email address that
          consented. If you are unhappy with our answer you may complain to the Office of the Australian Information
          Commissioner.
        </p>
    </>
  );
}
