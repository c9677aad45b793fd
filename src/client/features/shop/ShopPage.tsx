import { PlaceholderPage } from '../../components/PlaceholderPage';

export default function ShopPage() {
  return <PlaceholderPage title="Gem Shop" text="The gem packs are being polished and will be on sale here soon." />;
}
