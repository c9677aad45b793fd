export type AuthView = 'signIn' | 'signUp' | 'passwordReset' | 'game';

/** What each anonymous view of the sign-in page receives from the page. */
export interface AuthViewProps {
  /** The email typed so far, carried from one view to the next. */
  email: string;
  onEmailChange: (email: string) => void;
  onSwitch: (view: AuthView) => void;
  /** The visitor switched to this view (its heading takes focus), rather than arriving on the page with it. */
  switched: boolean;
  /** The pack being bought when the visitor was sent here, if any. */
  item: string | null;
}
