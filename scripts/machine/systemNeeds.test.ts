import { planSetup, SYSTEM_NEEDS, type SystemNeed } from './systemNeeds';

const need = (debianPackage: string | null): SystemNeed => ({
  purpose: `${debianPackage ?? 'gcloud'} for tests`,
  debianPackage,
  howToInstall: debianPackage ? undefined : 'install the Google Cloud CLI',
  isPresent: () => false,
});

describe('setting a machine up for the system tests', () => {
  it('installs what Debian packages as root, and names the exact command for anyone else', () => {
    const missing = [need('chromium'), need('nginx')];
    expect(planSetup(missing, 'apt-as-root')).toEqual({ install: ['chromium', 'nginx'], unmet: [], commandForPerson: null });
    expect(planSetup(missing, 'none')).toEqual({
      install: [],
      unmet: [],
      commandForPerson: 'sudo apt-get update && sudo apt-get install -y chromium nginx',
    });
  });

  it('says what to do for a need no package manager here meets', () => {
    expect(planSetup([need(null)], 'apt-as-root')).toEqual({ install: [], unmet: ['gcloud for tests: install the Google Cloud CLI'], commandForPerson: null });
  });

  it('covers every program the system tests start beside npm’s packages', () => {
    expect(SYSTEM_NEEDS.map((each) => each.debianPackage)).toEqual(['chromium', 'nginx', 'openssl', 'openjdk-17-jre-headless', null]);
  });
});
