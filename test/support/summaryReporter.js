// Ends the run with one plain "N passed, N failed" line that CI tooling can read.
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const { numPassedTests, numFailedTests, numPendingTests, numTodoTests } = results;
    const skipped = numPendingTests + numTodoTests;
    process.stdout.write(`\njest: ${numPassedTests} passed, ${numFailedTests} failed, ${skipped} skipped\n`);
  }
}
module.exports = SummaryReporter;
