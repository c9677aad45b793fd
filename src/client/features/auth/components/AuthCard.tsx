import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useFocusOnMount } from '../../../hooks/useFocusOnMount';

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
