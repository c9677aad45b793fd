import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useFocusOnMount } from '../../hooks/useFocusOnMount';

const Box = styled.p<{ $tone: 'error' | 'success' }>`
  margin: 0;
  padding: 12px 14px;
  border-radius: ${({ theme }) => theme.radius.small};
  border: 1px solid ${({ theme, $tone }) => ($tone === 'error' ? theme.colors.dangerBorder : theme.colors.gold)};
  background: ${({ $tone }) => ($tone === 'error' ? 'rgba(255, 92, 82, 0.12)' : 'rgba(233, 185, 73, 0.12)')};
  color: ${({ theme }) => theme.colors.text};

  &:focus {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
  a {
    font-weight: 700;
  }
`;

interface FeedbackProps {
  children: ReactNode;
  /** Put keyboard focus on the message when it appears (the step it reports replaced what had focus). */
  takeFocus?: boolean;
}

function Feedback({ children, takeFocus, role, tone }: FeedbackProps & { role: 'alert' | 'status'; tone: 'error' | 'success' }) {
  const ref = useFocusOnMount<HTMLParagraphElement>();
  return (
    <Box role={role} $tone={tone} ref={takeFocus ? ref : undefined} tabIndex={takeFocus ? -1 : undefined}>
      {children}
    </Box>
  );
}

/** A failure the visitor must notice: announced at once. */
export function FormError(props: FeedbackProps) {
  return <Feedback {...props} role="alert" tone="error" />;
}

/** Good news, or a plain notice, announced politely. */
export function FormStatus(props: FeedbackProps) {
  return <Feedback {...props} role="status" tone="success" />;
}
