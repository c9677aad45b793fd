// The order jest hands suites to its workers: as jest's own sequencer would (the slowest first, from its cache), but
// the system suites that must run alone (./suitesRunAlone.json, test/support/machineShare.ts) last, so the suites that
// share the machine run two at a time from the start instead of waiting on each one that runs alone.
const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;
const runAlone = require('./suitesRunAlone.json');

const runsAlone = (test) => test.context.config.displayName?.name === 'system' && path.basename(test.path) in runAlone;

class SystemSequencer extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    return [...sorted.filter((test) => !runsAlone(test)), ...sorted.filter(runsAlone)];
  }
}

module.exports = SystemSequencer;
