import { execFileSync } from 'node:child_process';
import path from 'node:path';

// The boundaries `npm run lint` enforces, shown to bite: each probe is source ESLint lints as if it were the named
// file (nothing is written), with the project's own eslint.config.mjs. ESLint runs in a child process because its
// config is an ES module, which Jest's module system does not load.

interface Probe {
  name: string;
  filePath: string;
  code: string;
}

interface ProbeResult {
  name: string;
  rules: string[];
}

function lint(probes: Probe[]): Map<string, string[]> {
  const script = `
    import { ESLint } from 'eslint';
    const probes = JSON.parse(process.argv[1]);
    const eslint = new ESLint();
    const results = [];
    for (const probe of probes) {
      const [result] = await eslint.lintText(probe.code, { filePath: probe.filePath });
      results.push({ name: probe.name, rules: result.messages.map((message) => message.ruleId ?? message.message) });
    }
    process.stdout.write(JSON.stringify(results));
  `;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(probes)], {
    cwd: path.resolve(__dirname, '..'),
    encoding: 'utf8',
  });
  return new Map((JSON.parse(output) as ProbeResult[]).map((result) => [result.name, result.rules]));
}

const RESTRICTED = 'import-x/no-restricted-paths';
const CYCLE = 'import-x/no-cycle';

const probes: Array<Probe & { expected: string[] }> = [
  {
    name: 'the client imports the server',
    filePath: 'src/client/lib/probe.ts',
    code: "import { loadSettings } from '../../server/config/settings';\nexport const probe = loadSettings;\n",
    expected: [RESTRICTED],
  },
  {
    name: 'the server imports the client',
    filePath: 'src/server/probe.ts',
    code: "import { ROUTES } from '../client/app/routes';\nexport const probe = ROUTES;\n",
    expected: [RESTRICTED],
  },
  {
    name: 'src/shared imports the server',
    filePath: 'src/shared/probe.ts',
    code: "import { loadSettings } from '../server/config/settings';\nexport const probe = loadSettings;\n",
    expected: [RESTRICTED],
  },
  {
    name: 'src/shared code imports a test fixture',
    filePath: 'src/shared/probe.ts',
    code: "import { sampleOrder } from '../../test/fixtures/samples';\nexport const probe = sampleOrder;\n",
    expected: [RESTRICTED],
  },
  {
    name: 'a feature reaches into another feature',
    filePath: 'src/client/features/shop/probe.ts',
    code: "import { submitted } from '../payment/paymentSlice';\nexport const probe = submitted;\n",
    expected: [RESTRICTED],
  },
  {
    name: "a feature reads another through its index.ts",
    filePath: 'src/client/features/shop/probe.ts',
    code: "import { selectUser } from '../auth';\nexport const probe = selectUser;\n",
    expected: [],
  },
  {
    name: 'the app reaches into a feature',
    filePath: 'src/client/app/probe.ts',
    code: "import { submitted } from '../features/payment/paymentSlice';\nexport const probe = submitted;\n",
    expected: [RESTRICTED],
  },
  {
    name: "the app loads a sub-area's page",
    filePath: 'src/client/app/probe.ts',
    code: "import SupportOrderPage from '../features/support/orders/SupportOrderPage';\nexport const probe = SupportOrderPage;\n",
    expected: [],
  },
  {
    name: "the app reaches into a sub-area's endpoints",
    filePath: 'src/client/app/probe.ts',
    code: "import { supportOrdersApi } from '../features/support/orders/supportOrdersApi';\nexport const probe = supportOrdersApi;\n",
    expected: [RESTRICTED],
  },
  {
    name: 'the sandbox imports the server',
    filePath: 'src/sandbox/probe.ts',
    code: "import { loadSettings } from '../server/config/settings';\nexport const probe = loadSettings;\n",
    expected: [RESTRICTED],
  },
  {
    name: 'the sandbox imports src/shared',
    filePath: 'src/sandbox/probe.ts',
    code: "import { sign } from '../shared/signature';\nexport const probe = sign;\n",
    expected: [],
  },
  {
    name: 'server code imports a test helper',
    filePath: 'src/server/probe.ts',
    code: "import { fakeGateway } from '../../test/support/fakeGateway';\nexport const probe = fakeGateway;\n",
    expected: [RESTRICTED],
  },
  {
    name: 'a client component imports the test fixtures',
    filePath: 'src/client/features/shop/probe.ts',
    code: "import { samplePlayer } from '../../../../test/fixtures/samples';\nexport const probe = samplePlayer;\n",
    expected: [RESTRICTED],
  },
  {
    name: "a client test reads the test fixtures",
    filePath: 'src/client/features/shop/probe.test.ts',
    code: "import { samplePlayer } from '../../../../test/fixtures/samples';\nexport const probe = samplePlayer;\n",
    expected: [],
  },
  {
    name: 'a tool imports a test helper',
    filePath: 'scripts/bench/probe.ts',
    code: "import { ownerDb } from '../../test/support/emulatorAdmin';\nexport const probe = ownerDb;\n",
    expected: [RESTRICTED],
  },
  {
    name: 'shared UI imports a feature',
    filePath: 'src/client/components/probe.ts',
    code: "import { selectUser } from '../features/auth';\nexport const probe = selectUser;\n",
    expected: [RESTRICTED],
  },
  {
    name: 'a feature imports the app',
    filePath: 'src/client/features/shop/probe.ts',
    code: "import { makeStore } from '../../app/store';\nexport const probe = makeStore;\n",
    expected: [RESTRICTED],
  },
  {
    name: "a feature's test imports the app",
    filePath: 'src/client/features/shop/probe.test.ts',
    code: "import { makeStore } from '../../app/store';\nexport const probe = makeStore;\n",
    expected: [RESTRICTED],
  },
  {
    name: "a feature plugs into the store's wiring",
    filePath: 'src/client/features/shop/probe.ts',
    code: "import { rootReducer } from '../../wiring/rootReducer';\nexport const probe = rootReducer;\n",
    expected: [],
  },
  {
    name: 'lib/ imports the app',
    filePath: 'src/client/lib/probe.ts',
    code: "import { AppRoutes } from '../app/routes';\nexport const probe = AppRoutes;\n",
    expected: [RESTRICTED],
  },
  {
    name: 'lib/ imports shared UI',
    filePath: 'src/client/lib/probe.ts',
    code: "import { TextField } from '../components/form/TextField';\nexport const probe = TextField;\n",
    expected: [RESTRICTED],
  },
  {
    name: 'lib/ imports a feature',
    filePath: 'src/client/lib/probe.ts',
    code: "import { selectUser } from '../features/auth';\nexport const probe = selectUser;\n",
    expected: [RESTRICTED],
  },
  {
    name: 'the wiring imports a feature',
    filePath: 'src/client/wiring/probe.ts',
    code: "import { selectUser } from '../features/auth';\nexport const probe = selectUser;\n",
    expected: [RESTRICTED],
  },
  {
    // refunds/refundPolicy imports the money helpers at run time, so their module importing it closes a cycle.
    name: 'a runtime import cycle',
    filePath: 'src/shared/money.ts',
    code: "import { REFUND_WINDOW_MS } from './refunds/refundPolicy';\nexport const probe = REFUND_WINDOW_MS;\n",
    expected: [CYCLE],
  },
  {
    name: 'the same pair as a type-only import',
    filePath: 'src/shared/money.ts',
    code: "import type { RefundFacts } from './refunds/refundPolicy';\nexport type Probe = RefundFacts;\n",
    expected: [],
  },
];

describe('npm run lint enforces the boundaries', () => {
  const found = lint(probes);

  it.each(probes)('$name', ({ name, expected }) => {
    expect(found.get(name)).toEqual(expected);
  });
});
