import { useAppConfig } from '../../config/appConfig';
import { InformationPage } from './InformationPage';

export default function AboutUsPage() {
  const { gameName, companyName, seller, supportEmail } = useAppConfig();
  return (
    <InformationPage title="About Us">
      <h2>Who we are</h2>
      <p>
        {companyName} makes {gameName}, a mobile fantasy game in which you take the throne of a kingdom under
        siege, lead its people and slay the dragons that terrorise the land. {seller.legalName} runs this store in
        Australia as the official place to download the game and buy gems.
      </p>
      <h2>What this store is for</h2>
      <p>
        Here you can download {gameName} and, once signed in, buy gem packs for your account. Card payments are
        handled by our payment provider; we never see or store your card number. Your gems are added to your
        account as soon as the provider confirms your payment.
      </p>
      <h2>Talk to us</h2>
      <p>
        Questions about the game, your account or a purchase are welcome at{' '}
        <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
      </p>
    </InformationPage>
  );
}
