import type { ReactNode } from 'react';
import { useFocusOnMount } from '../hooks/useFocusOnMount';
import { PageHeading } from './Page';

/**
 * A heading that takes focus when it appears: each new step or view puts keyboard and screen-reader users
 * at its heading, not on a button that vanished. Level 1 is the page's heading, in its look.
 */
export function FocusedHeading({ level = 2, id, children }: { level?: 1 | 2; id?: string; children: ReactNode }) {
  const ref = useFocusOnMount<HTMLHeadingElement>();
  const Heading = level === 1 ? PageHeading : 'h2';
  return (
    <Heading ref={ref} id={id} tabIndex={-1}>
      {children}
    </Heading>
  );
}
