import type { ButtonHTMLAttributes } from 'react';
import { Button } from '../Button';

type SubmitButtonProps = { busy: boolean; label: string; busyLabel: string } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'disabled' | 'children'>;

/** A form's submit button: while its request is under way it says so and cannot be pressed again. */
export function SubmitButton({ busy, label, busyLabel, ...rest }: SubmitButtonProps) {
  return (
    <Button type="submit" disabled={busy} aria-busy={busy} {...rest}>
      {busy ? busyLabel : label}
    </Button>
  );
}
