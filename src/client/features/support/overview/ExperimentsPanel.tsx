import { formatAud } from '../../../../shared/money';
import type { ArmResult, ExperimentResult, Interval } from '../../../../shared/offers/experimentStats';
import { HOLDOUT_ARM } from '../../../../shared/offers/experiment';
import { formatShare } from '../../../../shared/stats';
import { Panel } from '../../../components/Panel';
import { FiguresTable, type FigureColumn } from './FiguresTable';
import { count } from './overviewColumns';
import { useExperimentsQuery } from './supportOverviewApi';

const texts = {
  heading: 'Offers measured against a holdout',
  intro:
    'Each experiment over its life, arm by arm: the players shown it (a player once, in the arm a hash of their account gives them), those whose money from it still stands, and the revenue per player shown, each with its 95 % interval, and against the holdout, who saw no bonus. An interval that spans 0 against the holdout has not shown the bonus earns more. Only adults who did not opt out are ever in one.',
  none: 'No offer is measured against a holdout yet. Give an offer a holdout on the offers page.',
  loading: 'Loading the experiments…',
  caption: (title: string) => `${title}, by arm`,
  state: { running: 'running', paused: 'paused', ended: 'ended' } as const,
  sampleRatioOk: (chiSquared: number) => `Sample-ratio check: the arms’ sizes are as weighted (χ² ${chiSquared.toFixed(1)}).`,
  sampleRatioBad: (chiSquared: number) =>
    `Sample-ratio check failed: the arms’ sizes are not as weighted (χ² ${chiSquared.toFixed(1)}, p < 0.001). Something other than chance placed the players: do not act on this result until it is explained.`,
  holdout: 'Holdout (no bonus)',
} as const;

const interval = (value: Interval, show: (n: number) => string) => `${show(value.estimate)} (${show(value.low)} to ${show(value.high)})`;
const csvInterval = (value: Interval | null, digits: number) => (value ? `${value.estimate.toFixed(digits)} [${value.low.toFixed(digits)}; ${value.high.toFixed(digits)}]` : '');
const aud = (cents: number) => formatAud(Math.round(cents));

const ARM_COLUMNS: ReadonlyArray<FigureColumn<ArmResult>> = [
  { label: 'Arm', cell: (arm) => (arm.arm === HOLDOUT_ARM ? texts.holdout : `${arm.arm} (${arm.bonus})`), csv: (arm) => arm.arm },
  { label: 'Players shown (share; weighted)', cell: (arm) => `${count(arm.exposed)} (${formatShare(arm.exposedShare)}; ${formatShare(arm.expectedShare)})`, csv: (arm) => arm.exposed },
  { label: 'Buyers', cell: (arm) => count(arm.buyers), csv: (arm) => arm.buyers },
  { label: 'Conversion, 95 % interval', cell: (arm) => interval(arm.conversion, formatShare), csv: (arm) => csvInterval(arm.conversion, 4) },
  { label: 'Revenue per player shown, 95 % interval', cell: (arm) => interval(arm.revenuePerExposed, aud), csv: (arm) => csvInterval({ estimate: arm.revenuePerExposed.estimate / 100, low: arm.revenuePerExposed.low / 100, high: arm.revenuePerExposed.high / 100 }, 2) },
  {
    label: 'Against the holdout, per player shown',
    cell: (arm) => (arm.againstHoldout ? interval(arm.againstHoldout, aud) : '—'),
    csv: (arm) => (arm.againstHoldout ? csvInterval({ estimate: arm.againstHoldout.estimate / 100, low: arm.againstHoldout.low / 100, high: arm.againstHoldout.high / 100 }, 2) : ''),
  },
  { label: 'Orders made, paid', cell: (arm) => `${count(arm.orders)}, ${count(arm.paidOrders)}`, csv: (arm) => `${arm.orders}/${arm.paidOrders}` },
  { label: 'Net (A$)', cell: (arm) => formatAud(arm.netCents), csv: (arm) => (arm.netCents / 100).toFixed(2) },
];

function Experiment({ experiment }: { experiment: ExperimentResult }) {
  const { chiSquared, mismatch } = experiment.sampleRatio;
  return (
    <section aria-labelledby={`experiment-${experiment.offerId}`} data-testid="experiment" data-offer-id={experiment.offerId}>
      <h3 id={`experiment-${experiment.offerId}`}>
        {experiment.title} ({texts.state[experiment.state]})
      </h3>
      <p data-testid="sample-ratio" data-mismatch={mismatch}>
        {mismatch ? <strong>{texts.sampleRatioBad(chiSquared)}</strong> : texts.sampleRatioOk(chiSquared)}
      </p>
      <FiguresTable caption={texts.caption(experiment.title)} columns={ARM_COLUMNS} rows={experiment.arms} file={`wyrmcrown-experiment-${experiment.offerId}.csv`} testId={`experiment-${experiment.offerId}`} open />
    </section>
  );
}

/** Every offer run against a holdout, with its arms' intervals and the sample-ratio check (GET /api/support/experiments). */
export function ExperimentsPanel() {
  const { data } = useExperimentsQuery();
  return (
    <Panel aria-labelledby="experiments-heading">
      <h2 id="experiments-heading">{texts.heading}</h2>
      <p>{texts.intro}</p>
      {!data ? <p role="status">{texts.loading}</p> : data.experiments.length === 0 ? <p>{texts.none}</p> : data.experiments.map((experiment) => <Experiment key={experiment.offerId} experiment={experiment} />)}
    </Panel>
  );
}
