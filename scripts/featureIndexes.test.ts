import fs from 'node:fs';
import path from 'node:path';

/**
 * webpack treats each feature's index.ts as free of side effects (webpack.config.js), so a page that reads one
 * thing through it loads only that thing. That holds only while an index.ts does nothing but re-export: this
 * test keeps it so.
 */
const featuresDir = path.join(__dirname, '..', 'src', 'client', 'features');
const indexes = fs
  .readdirSync(featuresDir)
  .map((feature) => path.join(featuresDir, feature, 'index.ts'))
  .filter((file) => fs.existsSync(file));

/** The statements of a file, its comments left out. */
const statementsOf = (source: string) =>
  source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '')
    .split(';')
    .map((statement) => statement.trim())
    .filter(Boolean);

describe('feature index files', () => {
  it('are found', () => {
    expect(indexes.length).toBeGreaterThan(5);
  });

  it.each(indexes.map((file) => [path.relative(featuresDir, file), file]))('%s only re-exports', (_name, file) => {
    const notReexports = statementsOf(fs.readFileSync(file, 'utf8')).filter(
      (statement) => !/^export\s+(type\s+)?(\{[^}]*\}|\*(\s+as\s+\w+)?)\s+from\s+'[^']+'$/.test(statement),
    );
    expect(notReexports).toEqual([]);
  });
});
