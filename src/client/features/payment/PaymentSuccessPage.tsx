import { PlaceholderPage } from '../../components/PlaceholderPage';

export default function PaymentSuccessPage() {
  return <PlaceholderPage title="Payment" text="Your payment confirmation will appear here." />;
}
