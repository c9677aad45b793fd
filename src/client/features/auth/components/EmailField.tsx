import { useEffect, type ComponentProps } from 'react';
import { TextField } from '../../../components/form/TextField';
import { authTexts } from '../authTexts';

/** The account email input every view of the sign-in page shares. */
export function EmailField(props: Omit<ComponentProps<typeof TextField>, 'label'>) {
  return <TextField {...props} type="email" label={authTexts.email} autoComplete="email" required />;
}

/** Tells the page the email typed so far, so switching views carries it along. */
export function useEmailSync(email: string, onEmailChange: (email: string) => void): void {
  useEffect(() => onEmailChange(email), [email, onEmailChange]);
}
