import type { FormEvent, ReactNode } from 'react';
import styled from 'styled-components';
import { useFocusOnMount } from '../../../hooks/useFocusOnMount';
import type { AuthView } from './authView';

/** The panel each sign-in view sits in. */
export const AuthCard = styled.section`
  width: 100%;
  max-width: 460px;
  margin: 0 auto;
  padding: clamp(20px, 5vw, 36px);
  border-radius: ${({ theme }) => theme.radius.large};
  border: 1px solid rgba(233, 185, 73, 0.35);
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow.card};

  h1 {
    font-size: clamp(1.6rem, 5vw, 2.1rem);
    color: ${({ theme }) => theme.colors.goldBright};
  }
  form {
    display: grid;
    gap: 18px;
    margin-top: 20px;
  }
`;

export const Intro = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const SwitchRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: 8px 16px;
  margin-top: 20px;
`;

/** A link-looking button that switches between the page's views. */
export const SwitchButton = styled.button`
  padding: 4px 0;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.goldBright};
  font: inherit;
  text-decoration: underline;
  cursor: pointer;
`;

/** A view's heading: it takes focus when the visitor switched to the view (not on the page's first view). */
export function ViewHeading({ id, focus, children }: { id: string; focus: boolean; children: ReactNode }) {
  const ref = useFocusOnMount<HTMLHeadingElement>();
  return (
    <h1 id={id} ref={focus ? ref : undefined} tabIndex={-1}>
      {children}
    </h1>
  );
}

/**
 * One anonymous view of the sign-in page: its heading (focused when switched to), what it says first, its form (sent
 * by `onSubmit`, never validated by the browser), and the buttons that switch to the other views.
 */
export function AuthForm({
  id,
  heading,
  switched,
  before,
  intro,
  onSubmit,
  switches,
  onSwitch,
  children,
}: {
  id: string;
  heading: string;
  switched: boolean;
  /** Said above the intro (a notice). */
  before?: ReactNode;
  intro: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  switches: ReadonlyArray<{ to: AuthView; label: string }>;
  onSwitch: (view: AuthView) => void;
  children: ReactNode;
}) {
  return (
    <AuthCard aria-labelledby={id}>
      <ViewHeading id={id} focus={switched}>
        {heading}
      </ViewHeading>
      {before}
      <Intro>{intro}</Intro>
      <form noValidate onSubmit={onSubmit}>
        {children}
      </form>
      <SwitchRow>
        {switches.map(({ to, label }) => (
          <SwitchButton key={to} type="button" onClick={() => onSwitch(to)}>
            {label}
          </SwitchButton>
        ))}
      </SwitchRow>
    </AuthCard>
  );
}
