import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import type { SourceFiles } from './importCycles';

/**
 * What erodes where nothing fails, counted so that it can only go down (ratchets.json holds the numbers; the change
 * that lowers one lowers it there): blocks written twice, functions too long to read at once, files doing more than
 * one thing.
 */
export const LIMITS = { duplicateMinLines: 6, duplicateMinTokens: 25, functionMaxLines: 100, fileMaxLines: 250 } as const;

export interface Clone {
  first: string;
  second: string;
  lines: number;
}

/**
 * Pairs of places under `root` sharing a block of LIMITS.duplicateMinLines lines or more (and duplicateMinTokens
 * tokens, so six lines of brackets are not a block), found by jscpd offline. It runs in a child process: jscpd loads
 * ES modules, which Jest's module system does not.
 */
export function duplicatedBlocks(root: string): Clone[] {
  const output = fs.mkdtempSync(path.join(os.tmpdir(), 'jscpd-'));
  try {
    execFileSync(
      process.execPath,
      [path.resolve(__dirname, '../../node_modules/jscpd/bin/jscpd'), root, '--min-lines', String(LIMITS.duplicateMinLines), '--min-tokens', String(LIMITS.duplicateMinTokens),
        '--mode', 'weak', '--format', 'typescript,tsx', '--reporters', 'json', '--output', output, '--silent', '--no-gitignore'],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const report = JSON.parse(fs.readFileSync(path.join(output, 'jscpd-report.json'), 'utf8')) as {
      duplicates: Array<{ lines: number; firstFile: { name: string; start: number }; secondFile: { name: string; start: number } }>;
    };
    const place = (file: { name: string; start: number }) => `${path.relative(root, path.resolve(file.name))}:${file.start}`;
    return report.duplicates.map((clone) => ({ first: place(clone.firstFile), second: place(clone.secondFile), lines: clone.lines })).sort((a, b) => a.first.localeCompare(b.first));
  } finally {
    fs.rmSync(output, { recursive: true, force: true });
  }
}

/** Every function (declared, arrow, method, accessor) longer than LIMITS.functionMaxLines, as `file:line name (N lines)`. */
export function longFunctions(files: SourceFiles): string[] {
  const found: string[] = [];
  for (const [file, text] of files) {
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const visit = (node: ts.Node) => {
      if (ts.isFunctionLike(node) && 'body' in node && node.body) {
        const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
        const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
        const lines = end - start + 1;
        if (lines > LIMITS.functionMaxLines) found.push(`${file}:${start + 1} ${nameOf(node)} (${lines} lines)`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found.sort();
}

function nameOf(node: ts.Node): string {
  const named = (node as { name?: ts.Node }).name;
  if (named) return named.getText();
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText();
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText();
  return '(anonymous)';
}

/** Every file longer than LIMITS.fileMaxLines, as `file (N lines)`. */
export function longFiles(files: SourceFiles): string[] {
  return [...files]
    .map(([file, text]) => [file, text.replace(/\n$/, '').split('\n').length] as const)
    .filter(([, lines]) => lines > LIMITS.fileMaxLines)
    .map(([file, lines]) => `${file} (${lines} lines)`)
    .sort();
}
