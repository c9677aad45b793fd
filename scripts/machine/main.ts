import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { aptInstallCommand, installPower, planSetup, SYSTEM_NEEDS } from './systemNeeds';

/**
 * The first step of the system tests: a fresh machine gets what they need from Debian's packages, installed
 * as root through apt-get without starting any service (nginx's package would start the system's nginx);
 * where this process may not install, it stops at once with the exact command to run.
 */

/** Debian's way to tell a package's scripts not to start services: exit 101 from this file. */
const POLICY_RC = '/usr/sbin/policy-rc.d';

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.error?.message ?? `exit ${result.status}`})`);
}

function installWithoutServices(packages: string[]): void {
  const previous = fs.existsSync(POLICY_RC) ? fs.readFileSync(POLICY_RC) : null;
  fs.writeFileSync(POLICY_RC, '#!/bin/sh\nexit 101\n', { mode: 0o755 });
  try {
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', ...packages]);
  } finally {
    if (previous) fs.writeFileSync(POLICY_RC, previous, { mode: 0o755 });
    else fs.rmSync(POLICY_RC, { force: true });
  }
}

function main(): number {
  const missing = SYSTEM_NEEDS.filter((need) => !need.isPresent());
  if (missing.length === 0) return 0;
  const plan = planSetup(missing, installPower());
  if (plan.commandForPerson || plan.unmet.length > 0) {
    console.error('The system tests need what this machine lacks:');
    for (const need of missing) console.error(`  - ${need.purpose}`);
    if (plan.commandForPerson) console.error(`\nRun, then npm test again:\n  ${plan.commandForPerson}`);
    for (const line of plan.unmet) console.error(`\nAnd ${line}`);
    return 1;
  }
  console.log(`Installing what the system tests need (no service is started): ${aptInstallCommand(plan.install)}`);
  installWithoutServices(plan.install);
  const still = SYSTEM_NEEDS.filter((need) => !need.isPresent());
  if (still.length > 0) {
    console.error(`Still missing after the install: ${still.map((need) => need.purpose).join('; ')}`);
    return 1;
  }
  return 0;
}

process.exitCode = main();
