import type { InputHTMLAttributes, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
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
  border: 2px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.dangerBorder : theme.colors.inputBorder)};
  background: ${({ theme }) => theme.colors.night};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;

  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
    border-color: ${({ theme, $invalid }) => ($invalid ? theme.colors.dangerBorder : theme.colors.gold)};
  }

  /* Forced colours paint every border alike: an invalid field's is thicker and dashed instead of red. */
  @media (forced-colors: active) {
    border-style: ${({ $invalid }) => ($invalid ? 'dashed' : 'solid')};
    border-width: ${({ $invalid }) => ($invalid ? '4px' : '2px')};
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

const Select = styled.select<{ $invalid?: boolean }>`
  ${inputStyle}
`;

const TextArea = styled.textarea<{ $invalid?: boolean }>`
  ${inputStyle}
  min-height: 120px;
  resize: vertical;
  line-height: 1.5;
`;

const FieldHint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.95rem;
`;

/** The ids and ARIA that tie a control to its label and, when shown, its error message. */
function controlProps(name: string, error: string | undefined) {
  const id = `field-${name}`;
  const messageId = `${id}-message`;
  return {
    id,
    messageId,
    control: {
      id,
      name,
      $invalid: Boolean(error),
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? messageId : undefined,
    },
  };
}

interface FieldProps {
  name: string;
  label: string;
  error?: string;
}

/** What a field says once its text reaches its maximum length: the browser keeps nothing typed past it. */
export const fieldLimitText = (maxLength: number) => `That is the most this field takes (${maxLength} characters): anything more was not kept.`;

/**
 * A labelled input, with an optional hint, whose hint and error (when shown) are tied to it for screen readers. Text that reaches the field's
 * maxLength says so, so a longer address is never cut without a word.
 */
export function TextField({
  name,
  label,
  error,
  hint,
  ...inputProps
}: FieldProps & { hint?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'>) {
  const { id, messageId, control } = controlProps(name, error);
  const { maxLength, value } = inputProps;
  const atLimit = typeof maxLength === 'number' && typeof value === 'string' && value.length >= maxLength;
  const limitId = `${id}-limit`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, control['aria-describedby'], atLimit ? limitId : null].filter(Boolean).join(' ') || undefined;
  return (
    <Field>
      <Label htmlFor={id}>{label}</Label>
      {hint && <FieldHint id={hintId}>{hint}</FieldHint>}
      <Input {...control} aria-describedby={describedBy} {...inputProps} />
      {atLimit && (
        <FieldHint id={limitId} role="status">
          {fieldLimitText(maxLength)}
        </FieldHint>
      )}
      <FieldMessage id={messageId}>{error}</FieldMessage>
    </Field>
  );
}

/** A labelled select, with the same error handling as TextField. */
export function SelectField({
  name,
  label,
  error,
  children,
  ...selectProps
}: FieldProps & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'name'>) {
  const { id, messageId, control } = controlProps(name, error);
  return (
    <Field>
      <Label htmlFor={id}>{label}</Label>
      <Select {...control} {...selectProps}>
        {children}
      </Select>
      <FieldMessage id={messageId}>{error}</FieldMessage>
    </Field>
  );
}

/** A labelled multi-line text box with an optional hint, with the same error handling as TextField. */
export function TextAreaField({
  name,
  label,
  error,
  hint,
  ...areaProps
}: FieldProps & { hint?: string } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name'>) {
  const { id, messageId, control } = controlProps(name, error);
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, control['aria-describedby']].filter(Boolean).join(' ') || undefined;
  return (
    <Field>
      <Label htmlFor={id}>{label}</Label>
      {hint && <FieldHint id={hintId}>{hint}</FieldHint>}
      <TextArea {...control} aria-describedby={describedBy} {...areaProps} />
      <FieldMessage id={messageId}>{error}</FieldMessage>
    </Field>
  );
}
