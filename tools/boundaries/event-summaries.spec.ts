import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { SUMMARIZED_TYPES, summarize } from '@strata/domain';
import { isTypeScript, walk } from './scan';

/**
 * Issue 13: no audit row may read "unknown event". Every event type declared in libs/domain or libs/events
 * (`EventLike<'ns/name', ...>`, or `EventLike<typeof NAME, ...>` with `const NAME = 'ns/name'`) must have a
 * summary, found by reading the sources rather than trusting a list someone has to keep.
 */
const libs = join(__dirname, '..', '..', 'libs');
// Specs and their fixtures (`*.fixture.ts`: a test-only context such as libs/events' list) never reach a log.
const sources = (dir: string) =>
  [...walk(dir, isTypeScript)].filter((file) => !file.endsWith('.d.ts') && !/\.(spec|test|fixture)\.tsx?$/.test(file));

function visit(node: ts.Node, each: (node: ts.Node) => void): void {
  each(node);
  node.forEachChild((child) => visit(child, each));
}

function declaredEventTypes(): Set<string> {
  const constants = new Map<string, string>();
  const literals: string[] = [];
  const references: string[] = [];
  // Old shapes that upcasters turn into today's events on read never reach a summary.
  const files = [...sources(join(libs, 'domain', 'src')), ...sources(join(libs, 'events', 'src'))];
  for (const file of files.filter((f) => !/upcasters?\.ts$/.test(f))) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    visit(source, (node) => {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
        const init = ts.isAsExpression(node.initializer) ? node.initializer.expression : node.initializer;
        if (ts.isStringLiteralLike(init)) constants.set(node.name.text, init.text);
      }
      if (!ts.isTypeReferenceNode(node) || node.typeName.getText(source) !== 'EventLike') return;
      const [first] = node.typeArguments ?? [];
      if (first && ts.isLiteralTypeNode(first) && ts.isStringLiteral(first.literal)) literals.push(first.literal.text);
      if (first && ts.isTypeQueryNode(first)) references.push(first.exprName.getText(source));
    });
  }
  const resolved = references.map((name) => constants.get(name.split('.').pop()!) ?? `unresolved constant ${name}`);
  return new Set([...literals, ...resolved]);
}

describe('event summaries', () => {
  const declared = declaredEventTypes();

  it('finds the declared event types', () => {
    expect(declared.size).toBeGreaterThan(200);
    expect(declared).toContain('chart/chartRenamed');
    expect(declared).toContain('history/undone');
  });

  it('every event type declared in libs/domain and libs/events has a summary', () => {
    expect([...declared].filter((type) => !SUMMARIZED_TYPES.has(type)).sort()).toEqual([]);
  });

  it('summarizes with who did it and the object as it was', () => {
    expect(
      summarize({ type: 'chart/chartRenamed', data: { slice_name: 'Revenue' } }, { who: 'alice', objectName: 'Sales' }),
    ).toBe("alice renamed the chart 'Sales' to 'Revenue'");
  });
});
