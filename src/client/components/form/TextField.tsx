import { memo, type InputHTMLAttributes, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import styled, { css } from 'styled-components';

export const Field = styled.div`
  display: grid;
  /* The control fits the field's width, however wide its own least width (a date and time's) would make it. */
  grid-template-columns: minmax(0, 1fr);
  gap: 6px;
`;

export const Label = styled.label`
  font-weight: 600;
  color: ${({ theme }) => theme.colors.text};
`;

/**
 * The look of every text input and select; red border when invalid (docs/storefront.md, Screens). The invalid look keys on the
 * control's aria-invalid, so it is part of the one class every field has from the start: a submit that shows
 * every error at once changes attributes only, instead of generating and inserting a new class per field.
 */
export const inputStyle = css`
  width: 100%;
  min-height: 46px;
  padding: 10px 14px;
  border-radius: ${({ theme }) => theme.radius.small};
  border: 2px solid ${({ theme }) => theme.colors.inputBorder};
  background: ${({ theme }) => theme.colors.night};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;

  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.dangerBorder};
  }

  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
    border-color: ${({ theme }) => theme.colors.gold};
  }

  &[aria-invalid='true']:focus-visible {
    border-color: ${({ theme }) => theme.colors.dangerBorder};
  }

  /* Forced colours paint every border alike: an invalid field's is thicker and dashed instead of red. */
  @media (forced-colors: active) {
    &[aria-invalid='true'] {
      border-style: dashed;
      border-width: 4px;
    }
  }
`;

const Input = styled.input`
  ${inputStyle}
`;

export const FieldMessage = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: 0.95rem;
`;

const Select = styled.select`
  ${inputStyle}
`;

const TextArea = styled.textarea`
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

// The fields are memoised: a form renders again on every keystroke, and a field whose props did not change
// (useValidatedForm keeps each field's handlers) stays as it is.

/**
 * A labelled input, with an optional hint, whose hint and error (when shown) are tied to it for screen readers. Text that reaches the field's
 * maxLength says so, so a longer address is never cut without a word.
 */
export const TextField = memo(function TextField({
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
});

/** A labelled select, with the same error handling as TextField. */
export const SelectField = memo(function SelectField({
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
});

/** A labelled multi-line text box with an optional hint, with the same error handling as TextField. */
export const TextAreaField = memo(function TextAreaField({
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
});

const CheckboxRow = styled.label`
  display: flex;
  gap: 10px;
  align-items: flex-start;
  font-weight: 700;

  input {
    width: 24px;
    height: 24px;
    margin: 0;
    flex: none;
    accent-color: ${({ theme }) => theme.colors.gold};
  }
  input:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

/**
 * A labelled checkbox whose value is a text ("yes" when ticked, "" when not), so the forms' shared string rules
 * check it like any other field, with the same error handling as TextField.
 */
export const CheckboxField = memo(function CheckboxField({
  name,
  label,
  error,
  value,
  onChange,
  onBlur,
}: FieldProps & { value: string; onChange: (event: { target: { value: string } }) => void; onBlur?: () => void }) {
  const { messageId, control } = controlProps(name, error);
  return (
    <Field>
      <CheckboxRow>
        <input {...control} type="checkbox" checked={value === 'yes'} onChange={(event) => onChange({ target: { value: event.target.checked ? 'yes' : '' } })} onBlur={onBlur} />
        <span>{label}</span>
      </CheckboxRow>
      <FieldMessage id={messageId}>{error}</FieldMessage>
    </Field>
  );
});
