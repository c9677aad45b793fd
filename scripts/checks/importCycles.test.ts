import path from 'node:path';
import { folderCycles, folderImports, importCycles, sourcesUnder } from './importCycles';

describe('import cycles', () => {
  it('there are none in src, `import type` included', () => {
    expect(importCycles(sourcesUnder(path.resolve(__dirname, '../../src')))).toEqual([]);
  });

  it('are found when planted, of types too, through a folder’s index', () => {
    const planted = new Map([
      ['app/store.ts', "import { authSlice } from '../features/auth';\nexport const store = authSlice;"],
      ['features/auth/index.ts', "export { AccountLabel } from './AccountLabel';\nexport const authSlice = 1;"],
      ['features/auth/AccountLabel.tsx', "import type { RootState } from '../../app/store';\nexport const AccountLabel = (state: RootState) => state;"],
      ['lonely.ts', "import { x } from 'some-package';"],
    ]);
    expect(importCycles(planted)).toEqual([['app/store.ts', 'features/auth/index.ts', 'features/auth/AccountLabel.tsx', 'app/store.ts']]);
  });

  it('never between two server folders, whatever the path: each folder is a room with one-way doors', () => {
    expect(folderCycles(sourcesUnder(path.resolve(__dirname, '../../src/server')))).toEqual([]);
    const planted = new Map([
      ['refunds/refundService.ts', "import { gemsOf } from '../orders/orderRules';"],
      ['orders/orderRules.ts', "import type { RefundView } from '../refunds/refundView';\nexport const gemsOf = 1;"],
      ['refunds/refundView.ts', 'export type RefundView = number;'],
      ['app.ts', "import { gemsOf } from './orders/orderRules';"],
    ]);
    expect(folderCycles(planted)).toEqual([['orders', 'refunds', 'orders']]);
    // A file at the top is a room of its own, and a side-effect import is an import.
    const top = new Map([
      ['logger.ts', "import './config/settings';\nexport const log = 1;"],
      ['config/settings.ts', "import { log } from '../logger';\nexport const settings = log;"],
    ]);
    expect(folderCycles(top)).toEqual([['config', 'logger.ts', 'config']]);
  });
});

describe('the server’s rooms', () => {
  it('keep the provider at the edge: provider/ is below payments, refunds, orderWatch and support, and only payments imports payments/', () => {
    const imports = folderImports(sourcesUnder(path.resolve(__dirname, '../../src/server')));
    const importers = (folder: string) => [...imports].filter(([, to]) => to.has(folder)).map(([from]) => from).sort();
    const above = ['orderWatch', 'payments', 'refunds', 'support'];
    expect(above.filter((room) => imports.get(room)?.has('provider'))).toEqual(above);
    expect([...(imports.get('provider') ?? [])].filter((room) => above.includes(room))).toEqual([]);
    // The top-level files (the app, main) compose the rooms: no room reaches into payments.
    expect(importers('payments').filter((room) => !room.endsWith('.ts'))).toEqual([]);
  });

  it('have no file over 250 lines (tests aside): a longer one does more than one thing', () => {
    const long = [...sourcesUnder(path.resolve(__dirname, '../../src/server'))].filter(([, source]) => source.split('\n').length > 250).map(([file]) => file);
    expect(long).toEqual([]);
  });
});
