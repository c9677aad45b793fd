import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Import cycles among the project's own files, `import type` included: ESLint's no-cycle (import-x) follows only
 * imports that run, so a cycle of types (which still ties two rooms together) is found here. Relative imports only,
 * as TypeScript's own pre-parser reads them: `import … from`, `export … from`, a side-effect `import '…'`, `import()`
 * and `require()`.
 */
export type SourceFiles = ReadonlyMap<string, string>;

/** The file a relative import names, among `files`: the path itself, with .ts or .tsx, or its folder's index. */
function resolved(files: SourceFiles, from: string, specifier: string): string | null {
  const base = path.join(path.dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find((candidate) => files.has(candidate)) ?? null;
}

/** Each file's imports among `files`. */
function importsOf(files: SourceFiles): Map<string, string[]> {
  const relativeImports = (source: string) => ts.preProcessFile(source, true, true).importedFiles.map((imported) => imported.fileName).filter((name) => name.startsWith('.'));
  return new Map([...files].map(([file, source]) => [file, relativeImports(source).map((specifier) => resolved(files, file, specifier)).filter((found): found is string => found !== null)]));
}

/** Every cycle among the files, each as the files around it (the first repeated at the end). */
export const importCycles = (files: SourceFiles): string[][] => cyclesOf(importsOf(files));

/**
 * Every cycle among the rooms of `files` (a file's room: its first folder; a file at the top is a room of its own):
 * two server rooms that import each other, in either direction and by any path, are one room.
 */
export function folderCycles(files: SourceFiles): string[][] {
  return cyclesOf(new Map([...folderImports(files)].map(([from, to]) => [from, [...to]])));
}

/** Which rooms each room of `files` imports (a file's room: its first folder, or the file itself at the top). */
export function folderImports(files: SourceFiles): Map<string, Set<string>> {
  const roomOf = (file: string) => file.split(path.sep)[0]!;
  const edges = new Map<string, Set<string>>();
  for (const [file, imported] of importsOf(files)) {
    const from = roomOf(file);
    for (const target of imported) {
      const to = roomOf(target);
      if (to !== from) edges.set(from, new Set([...(edges.get(from) ?? []), to]));
    }
  }
  return edges;
}

function cyclesOf(imports: ReadonlyMap<string, string[]>): string[][] {
  const done = new Set<string>();
  const trail: string[] = [];
  const onPath = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string) => {
    done.add(file);
    onPath.add(file);
    trail.push(file);
    for (const next of imports.get(file) ?? []) {
      if (onPath.has(next)) cycles.push([...trail.slice(trail.indexOf(next)), next]);
      else if (!done.has(next)) visit(next);
    }
    onPath.delete(file);
    trail.pop();
  };
  for (const file of [...imports.keys()].sort()) if (!done.has(file)) visit(file);
  return cycles;
}

/** The project's sources under `root` (tests left out: a test may import what imports it), by path relative to `root`. */
export function sourcesUnder(root: string): SourceFiles {
  const files = new Map<string, string>();
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(path.join(root, folder), { withFileTypes: true })) {
      const relative = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(relative);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) files.set(relative, fs.readFileSync(path.join(root, relative), 'utf8'));
    }
  };
  walk('');
  return files;
}
