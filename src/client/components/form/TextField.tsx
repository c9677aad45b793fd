import type { InputHTMLAttributes } from 'react';
import styled, { css } from 'styled-components';

export const Field = styled.div`
  display: grid;
  gap: 6px;
`;

export const Label = styled.label`
  font-weight: 600;
  color: ${({ theme }) => theme.colors.text};
`;

/** The look of every text input and select; red border when invalid (spec §2). */
export const inputStyle = css<{ $invalid?: boolean }>`
  width: 100%;
  min-height: 46px;
  padding: 10px 14px;
  border-radius: ${({ theme }) => theme.radius.small};
  border: 2px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.dangerBorder : theme.colors.border)};
  background: ${({ theme }) => theme.colors.night};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;

  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
    border-color: ${({ theme, $invalid }) => ($invalid ? theme.colors.dangerBorder : theme.colors.gold)};
  }
`;

const Input = styled.input<{ $invalid?: boolean }>`
  ${inputStyle}
`;

export const FieldMessage = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: 0.95rem;
`;

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> {
  name: string;
  label: string;
  error?: string;
}

/** A labelled input whose error, when shown, is tied to it for screen readers. */
export function TextField({ name, label, error, ...inputProps }: TextFieldProps) {
  const id = `field-${name}`;
  const messageId = `${id}-message`;
  return (
    <Field>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name={name}
        $invalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? messageId : undefined}
        {...inputProps}
      />
      {error && <FieldMessage id={messageId}>{error}</FieldMessage>}
    </Field>
  );
}
