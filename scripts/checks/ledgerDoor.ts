import ts from 'typescript';
import type { SourceFiles } from './importCycles';

/**
 * The books have one door (src/server/ledger/gemLedger.ts, docs/architecture.md): only it writes a player's gems
 * (users/{uid}.gemCount and .gemDebt), their ledger's entries, a game event or a day's counts. This finds any other
 * code that does, by its syntax: a call of recordGameEvent or countDay; a Firestore write (`set`, `update`, `create`,
 * on a batch or a document) whose data names gemCount or gemDebt, as an object's key (in the call, or in an object
 * the same file declared) or as a field path; a write into a gem ledger. A write that names another collection as its
 * target (an order's record has a gemCount of its own: the pack's) is not the player's gems.
 */
export const LEDGER_DOOR = 'src/server/ledger/gemLedger.ts';

const DOOR_ONLY_CALLS = new Map([
  ['recordGameEvent', 'records a game event'],
  ['countDay', "counts a day's figures"],
]);
const GEM_FIELDS = new Set(['gemCount', 'gemDebt']);
const WRITES = new Set(['set', 'update', 'create']);
/** A target that names a collection other than users (or an order's path) writes another document. */
const OTHER_COLLECTION = /COLLECTIONS\.(?!users\b)\w+|\btransactions\b|transactionPath|refundRequest/;
const LEDGER_TARGET = /gemLedgerPath|GEM_LEDGER|gem_ledger/;
/** A write is a document's own (`ref.set(data)`) when its object reads as a reference; else a batch's (`batch.set(ref, data)`). */
const DOCUMENT_REFERENCE = /(\.doc\([^)]*\)|\.ref|[rR]ef)$/;

const nameOf = (name: ts.PropertyName): string | null => {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name)) return name.text;
  if (ts.isComputedPropertyName(name) && ts.isStringLiteralLike(name.expression)) return name.expression.text;
  return null;
};

const namesGemField = (literal: ts.ObjectLiteralExpression) =>
  literal.properties.some((property) => (ts.isPropertyAssignment(property) || ts.isShorthandPropertyAssignment(property)) && GEM_FIELDS.has(nameOf(property.name) ?? ''));

/** Every place in `files` (paths from the project's root) that moves gems, records a game event or counts a day past the door. */
export function writesPastTheDoor(files: SourceFiles): string[] {
  const found: string[] = [];
  for (const [file, text] of files) {
    if (file === LEDGER_DOOR) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const objectsDeclared = new Map<string, ts.ObjectLiteralExpression>();
    const collect = (node: ts.Node) => {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer && ts.isObjectLiteralExpression(node.initializer)) objectsDeclared.set(node.name.text, node.initializer);
      ts.forEachChild(node, collect);
    };
    collect(source);
    const namesGems = (data: ts.Expression | undefined): boolean => {
      if (!data) return false;
      if (ts.isStringLiteralLike(data)) return GEM_FIELDS.has(data.text);
      if (ts.isObjectLiteralExpression(data)) return namesGemField(data);
      if (ts.isIdentifier(data)) return objectsDeclared.has(data.text) && namesGemField(objectsDeclared.get(data.text)!);
      return false;
    };
    const at = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node)) {
        const callee = node.expression;
        if (ts.isIdentifier(callee) && DOOR_ONLY_CALLS.has(callee.text)) found.push(`${at(node)} ${DOOR_ONLY_CALLS.get(callee.text)}`);
        if (ts.isPropertyAccessExpression(callee) && WRITES.has(callee.name.text)) {
          const args = node.arguments;
          const object = callee.expression.getText(source);
          // On a document (`ref.update(data)`, `ref.update('gemCount', n)`), or on a batch (`batch.update(ref, data)`).
          const onDocument = DOCUMENT_REFERENCE.test(object);
          const [target, data] = onDocument ? [object, [args[0]]] : [args[0]?.getText(source) ?? '', [args[1], args[2]]];
          if (LEDGER_TARGET.test(target)) found.push(`${at(node)} writes a gem ledger`);
          else if ((onDocument || args.length >= 2) && !OTHER_COLLECTION.test(target) && data.some(namesGems)) found.push(`${at(node)} writes a player's gems`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}
