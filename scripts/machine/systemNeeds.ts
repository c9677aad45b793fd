import fs from 'node:fs';
import { findExecutable, javaMajorVersion } from '../stack/executables';

/**
 * What the system tests need from the machine beyond npm's packages, and how a fresh Debian machine gets it.
 * Each need is found the way the code that uses it finds it, so "present" here means it will run there.
 */
export interface SystemNeed {
  /** What the tests use it for, said when it is missing. */
  purpose: string;
  /** Debian's package that provides it; null where Debian has none (then `howToInstall` says what to do). */
  debianPackage: string | null;
  howToInstall?: string;
  isPresent(): boolean;
}

export const SYSTEM_NEEDS: readonly SystemNeed[] = [
  {
    purpose: 'Chromium, for the browser tests (playwright-core drives it; no browser is downloaded)',
    debianPackage: 'chromium',
    isPresent: () => findExecutable(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium') !== null,
  },
  {
    purpose: 'nginx, the load balancer of the several-instances tests and the bench’s TLS front (run as the tests’ own process)',
    debianPackage: 'nginx',
    isPresent: () => fs.existsSync('/usr/sbin/nginx'),
  },
  {
    purpose: 'openssl, which makes the TLS front’s certificate for a run',
    debianPackage: 'openssl',
    isPresent: () => findExecutable('openssl') !== null,
  },
  {
    purpose: 'Java 11 or newer, which the Cloud Firestore emulator runs on',
    debianPackage: 'openjdk-17-jre-headless',
    isPresent: () => (javaMajorVersion() ?? 0) >= 11,
  },
  {
    purpose: 'the Google Cloud CLI with its cloud-firestore-emulator component (the official Firestore emulator)',
    debianPackage: null,
    howToInstall:
      'install the Google Cloud CLI (https://cloud.google.com/sdk/docs/install), then: gcloud components install cloud-firestore-emulator; or set FIRESTORE_EMULATOR_COMMAND to the path of gcloud',
    isPresent: () => findExecutable(process.env.FIRESTORE_EMULATOR_COMMAND || 'gcloud') !== null,
  },
];

/** How this process may install Debian packages. */
export type InstallPower = 'apt-as-root' | 'none';

export interface SetupPlan {
  /** Debian packages to install. */
  install: string[];
  /** Needs no package manager here can meet: each with what to do. */
  unmet: string[];
  /** The exact command a person runs when this process may not install (null when nothing is to install). */
  commandForPerson: string | null;
}

export const aptInstallCommand = (packages: readonly string[]) => `apt-get install -y ${packages.join(' ')}`;

/** What to do about the needs that are missing, given what this process may do. */
export function planSetup(missing: readonly SystemNeed[], power: InstallPower): SetupPlan {
  const packages = missing.flatMap((need) => (need.debianPackage ? [need.debianPackage] : []));
  const unmet = missing.filter((need) => !need.debianPackage).map((need) => `${need.purpose}: ${need.howToInstall}`);
  if (power === 'apt-as-root') return { install: packages, unmet, commandForPerson: null };
  return {
    install: [],
    unmet,
    commandForPerson: packages.length > 0 ? `sudo apt-get update && sudo ${aptInstallCommand(packages)}` : null,
  };
}

export function installPower(): InstallPower {
  return process.getuid?.() === 0 && findExecutable('apt-get') !== null ? 'apt-as-root' : 'none';
}
