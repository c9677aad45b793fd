import { reconcilePending, type PaymentDeps } from './paymentService';

/**
 * Re-checks every player's recent pending transactions on a timer. Safe with several API instances at
 * once: each check is idempotent and crediting is transactional.
 */
export function startSweep(deps: PaymentDeps): () => void {
  if (deps.settings.SWEEP_INTERVAL_MS === 0) return () => undefined;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    reconcilePending(deps)
      .then(({ checked, credited }) => {
        if (checked > 0) console.log(`Sweep: ${checked} pending checked, ${credited} credited`);
      })
      .catch((error: Error) => console.error(`Sweep failed: ${error.message}`))
      .finally(() => {
        running = false;
      });
  }, deps.settings.SWEEP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
