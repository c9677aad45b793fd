import { PlaceholderPage } from '../../components/PlaceholderPage';

export default function SignInSignUpPage() {
  return <PlaceholderPage title="Sign In" text="Signing in to your account will open here soon." />;
}
