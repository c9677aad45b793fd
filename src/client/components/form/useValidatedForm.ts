import { useCallback, useDeferredValue, useMemo, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { fieldErrors, type FieldErrors } from '../../../shared/validation/fieldErrors';

/**
 * Form state checked against a shared schema. A field shows its error once it was changed and left, or after
 * a submit attempt; tabbing past a field leaves it quiet. An invalid submit calls nothing and moves focus to
 * the first invalid field.
 */
export function useValidatedForm<T extends { [K in keyof T]: string }>(schema: z.ZodType, initialValues: T) {
  const [values, setValues] = useState<T>(initialValues);
  const [touched, setTouched] = useState<Partial<Record<keyof T, boolean>>>({});
  const [changed, setChanged] = useState<Partial<Record<keyof T, boolean>>>({});
  const [submitAttempted, setSubmitAttempted] = useState(false);
  // Every field's error at once, after a submit, is a large render (each red border a new style): deferred, the
  // press paints first and the errors follow a moment later, without holding the page (focus moves at once).
  const showAllErrors = useDeferredValue(submitAttempted);

  const errors = useMemo(() => fieldErrors(schema, values), [schema, values]);
  const visibleErrors = useMemo(() => {
    const shown: FieldErrors<T> = {};
    for (const field of Object.keys(errors) as Array<keyof T>) {
      if (showAllErrors || (touched[field] && changed[field])) shown[field] = errors[field];
    }
    return shown;
  }, [errors, touched, changed, showAllErrors]);

  const setField = useCallback((field: keyof T, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setChanged((current) => (current[field] ? current : { ...current, [field]: true }));
  }, []);

  const touch = useCallback((field: keyof T) => {
    setTouched((current) => (current[field] ? current : { ...current, [field]: true }));
  }, []);

  const handleSubmit = (onValid: (values: T) => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitAttempted(true);
    const parsed = schema.safeParse(values);
    if (parsed.success) {
      // The schema's output: trimmed and normalised as the rules say.
      onValid(parsed.data as T);
      return;
    }
    const invalid = Object.keys(errors);
    const firstInvalid = event.currentTarget.querySelector<HTMLElement>(`[name="${invalid[0]}"]`);
    firstInvalid?.focus();
  };

  /** The props that bind one field to the form: name, value, error, onChange, onBlur. */
  const field = (name: keyof T & string) => ({
    name,
    value: values[name],
    error: visibleErrors[name],
    onChange: (event: { target: { value: string } }) => setField(name, event.target.value),
    onBlur: () => touch(name),
  });

  return { values, field, handleSubmit };
}
