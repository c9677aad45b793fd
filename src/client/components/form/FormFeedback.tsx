import styled from 'styled-components';

const Box = styled.p<{ $tone: 'error' | 'success' }>`
  margin: 0;
  padding: 12px 14px;
  border-radius: ${({ theme }) => theme.radius.small};
  border: 1px solid ${({ theme, $tone }) => ($tone === 'error' ? theme.colors.dangerBorder : theme.colors.gold)};
  background: ${({ $tone }) => ($tone === 'error' ? 'rgba(255, 92, 82, 0.12)' : 'rgba(233, 185, 73, 0.12)')};
  color: ${({ theme }) => theme.colors.text};
`;

/** A failure the visitor must notice: announced at once. */
export function FormError({ children }: { children: string }) {
  return (
    <Box role="alert" $tone="error">
      {children}
    </Box>
  );
}

/** Good news, announced politely. */
export function FormStatus({ children }: { children: string }) {
  return (
    <Box role="status" $tone="success">
      {children}
    </Box>
  );
}
