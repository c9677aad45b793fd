import { useCallback, useDeferredValue, useLayoutEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { fieldErrors, type FieldErrors } from '../../../shared/validation/fieldErrors';

/**
 * Form state checked against a shared schema. A field shows its error once it was changed and left, or after
 * a submit attempt; tabbing past a field leaves it quiet. An invalid submit calls nothing and moves focus to
 * the first invalid field, as its error shows.
 */
export function useValidatedForm<T extends { [K in keyof T]: string }>(schema: z.ZodType, initialValues: T) {
  const [values, setValues] = useState<T>(initialValues);
  const [touched, setTouched] = useState<Partial<Record<keyof T, boolean>>>({});
  const [changed, setChanged] = useState<Partial<Record<keyof T, boolean>>>({});
  const [submits, setSubmits] = useState(0);
  // Every field's error at once, after a submit, is the form's largest render: deferred, the press paints first
  // and the errors follow a moment later, without holding the page. (Not a transition started in the submit
  // handler: React would take that for a form action, with its pending state.)
  const shownSubmits = useDeferredValue(submits);
  const showAllErrors = shownSubmits > 0;
  // The first invalid field takes focus once its error is on it, so a screen reader announces both together.
  const focusOnceShown = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    focusOnceShown.current?.focus();
    focusOnceShown.current = null;
  }, [shownSubmits]);

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

  /**
   * Fills every field with `filled` (details remembered for the player, arriving after the form showed) unless the player
   * changed one already. A form that holds them already (it started with them) renders nothing again.
   */
  const fillIfUnchanged = useCallback(
    (filled: T) => {
      if (Object.keys(changed).length > 0) return;
      setValues((current) => ((Object.keys(filled) as Array<keyof T>).every((name) => current[name] === filled[name]) ? current : filled));
    },
    [changed],
  );

  const touch = useCallback((field: keyof T) => {
    setTouched((current) => (current[field] ? current : { ...current, [field]: true }));
  }, []);

  // Each field's handlers, made once: a field whose value and error did not change renders nothing again
  // (the fields are memoised), so a keystroke or a submit renders the fields it changed, not the whole form.
  const handlers = useRef(new Map<keyof T, { onChange: (event: { target: { value: string } }) => void; onBlur: () => void }>());
  const handlersOf = (name: keyof T) => {
    let fieldHandlers = handlers.current.get(name);
    if (!fieldHandlers) {
      fieldHandlers = { onChange: (event) => setField(name, event.target.value), onBlur: () => touch(name) };
      handlers.current.set(name, fieldHandlers);
    }
    return fieldHandlers;
  };

  const handleSubmit = (onValid: (values: T) => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmits((count) => count + 1);
    const invalid = Object.keys(errors);
    if (!invalid.length) {
      const parsed = schema.safeParse(values);
      // The schema's output: trimmed and normalised as the rules say.
      if (parsed.success) onValid(parsed.data as T);
      return;
    }
    focusOnceShown.current = event.currentTarget.querySelector<HTMLElement>(`[name="${invalid[0]}"]`);
  };

  /** The props that bind one field to the form: name, value, error, onChange, onBlur. */
  const field = (name: keyof T & string) => ({
    name,
    value: values[name],
    error: visibleErrors[name],
    ...handlersOf(name),
  });

  /** Every field as the rules want it (whether or not an error is shown yet). */
  const valid = Object.keys(errors).length === 0;
  return { values, valid, field, handleSubmit, fillIfUnchanged };
}
