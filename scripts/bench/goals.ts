import type { SignedInFigures } from './signedIn';
import type { Figures } from './lighthouseRuns';

/** What the goals are checked against: the first-load sizes (kB, gzip) and the Lighthouse and browser figures. */
export interface GoalInputs {
  firstLoadKb: (page: string) => number;
  publicPages: Map<string, Figures>;
  signedIn: SignedInFigures;
}

interface Goal {
  figure: string;
  goal: string;
  /** The measured value as printed, and whether it meets the goal; null where this run did not measure it. */
  check: (inputs: GoalInputs) => { measured: string; met: boolean } | null;
}

const signedInPage = (label: string): Goal => ({
  figure: `signed-in ${label}, cold HTTP cache`,
  goal: 'perf ≥ 95, TBT ≤ 200 ms, CLS 0',
  check: ({ signedIn }) => {
    const page = signedIn.pages.get(label);
    if (!page) return null;
    return {
      measured: `perf ${page.performance}, TBT ${page.tbtMs.toFixed(0)} ms, CLS ${page.cls.toFixed(3)}`,
      met: page.performance >= 95 && page.tbtMs <= 200 && page.cls === 0,
    };
  },
});

/** Issue 20's goals table, in its order. */
const GOALS: Goal[] = [
  ...['/shop', '/account/orders', '/payment-success?order=<order>', '/account/orders/<order>', '/account/gem-statement', '/rewards', '/account/limits'].map(signedInPage),
  {
    figure: '`/` LCP',
    goal: '≤ 1.5 s',
    check: ({ publicPages }) => {
      const home = publicPages.get('/');
      return home ? { measured: `${(home.lcpMs / 1000).toFixed(2)} s`, met: home.lcpMs <= 1500 } : null;
    },
  },
  {
    figure: 'first-load JS of `/` (gzip)',
    goal: '≤ 120 kB',
    check: ({ firstLoadKb }) => ({ measured: `${firstLoadKb('/').toFixed(1)} kB`, met: firstLoadKb('/') <= 120 }),
  },
  {
    figure: 'first-load JS of `/shop` (gzip)',
    goal: '≤ 140 kB',
    check: ({ firstLoadKb }) => ({ measured: `${firstLoadKb('/shop').toFixed(1)} kB`, met: firstLoadKb('/shop') <= 140 }),
  },
  {
    figure: 'Buy and Submit: input to next paint, 4× CPU throttle',
    goal: '≤ 100 ms',
    check: ({ signedIn }) => ({
      measured: `Buy ${signedIn.buyMs.toFixed(0)} ms, Submit ${signedIn.submitMs.toFixed(0)} ms`,
      met: signedIn.buyMs <= 100 && signedIn.submitMs <= 100,
    }),
  },
  {
    // Issue 66: the returning player's two presses, in the store's time (the pause between them is the player's).
    figure: 'Buy Again to the provider\'s tab, 4× CPU throttle',
    goal: '≤ 500 ms',
    check: ({ signedIn }) =>
      signedIn.buyAgain ? { measured: `${signedIn.buyAgain.toProviderMs.toFixed(0)} ms (${signedIn.buyAgain.presses} presses)`, met: signedIn.buyAgain.toProviderMs <= 500 } : null,
  },
  {
    figure: 'gem balance after a payment, original tab',
    goal: '≤ 1 s',
    check: ({ signedIn }) => ({ measured: `${(signedIn.balanceMs / 1000).toFixed(2)} s`, met: signedIn.balanceMs <= 1000 }),
  },
];

/** Prints each goal beside what this run measured, and whether it holds. */
export function printGoals(inputs: GoalInputs): void {
  console.log('\nGoals (issue 20; Lighthouse mobile preset, medians of 3):');
  for (const { figure, goal, check } of GOALS) {
    const result = check(inputs);
    const verdict = result ? (result.met ? 'met' : 'NOT MET') : 'not measured in this run';
    console.log(`  ${figure.padEnd(58)} ${goal.padEnd(32)} ${(result?.measured ?? '').padEnd(40)} ${verdict}`);
  }
}
