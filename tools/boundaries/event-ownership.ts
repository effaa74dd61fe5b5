import ts from 'typescript';

/**
 * The One-log rules (DESIGN.md "Events", "Commands"), as pure functions over file text:
 * - every event type that records an intent is declared in libs/domain (or libs/events, for the history
 *   markers): an app declares none, neither as a type (`EventLike<'ns/name', ...>`) nor as a hand-built
 *   event whose type the libraries do not know;
 * - no server code outside the event store appends to the store: writes go through DecisionRunner.
 * Spec files are exempt (a store test may append synthetic `test/...` events), and so is the bench
 * (it measures the store with a synthetic context of its own).
 */

export interface EventViolation {
  file: string;
  line: number;
  rule: 'event-declared-in-app' | 'unknown-event-type' | 'direct-append';
  text: string;
}

const EVENT_TYPE = /^[a-z][A-Za-z0-9]*\/[a-z][A-Za-z0-9]*$/;
const DECLARING_TYPES = new Set(['EventLike', 'Envelope']);

const parse = (file: string, text: string) =>
  ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );

function visit(node: ts.Node, each: (node: ts.Node) => void): void {
  each(node);
  node.forEachChild((child) => visit(child, each));
}

/** The event types a library file declares: every `ns/name` string literal in it. */
export function declaredEventTypes(file: string, text: string): string[] {
  const found: string[] = [];
  visit(parse(file, text), (node) => {
    if (ts.isStringLiteralLike(node) && EVENT_TYPE.test(node.text)) found.push(node.text);
  });
  return found;
}

const lineOf = (source: ts.SourceFile, node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart()).line + 1;

/**
 * An app file's event declarations: `EventLike<'ns/name'>` or `Envelope<'ns/name'>` with a literal (or a
 * `typeof` constant) as the type, and `'ns/name'` strings in a namespace of the libraries' events that the
 * libraries do not declare (a hand-built event, a constant, a `case` of a type nobody declares).
 */
export function eventDeclarationsInApp(file: string, text: string, known: ReadonlySet<string>): EventViolation[] {
  const source = parse(file, text);
  const namespaces = new Set([...known].map((type) => type.split('/')[0]));
  const violations: EventViolation[] = [];
  visit(source, (node) => {
    if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName) && DECLARING_TYPES.has(node.typeName.text)) {
      const [first] = node.typeArguments ?? [];
      if (first && (ts.isLiteralTypeNode(first) || ts.isTypeQueryNode(first))) {
        violations.push({
          file,
          line: lineOf(source, node),
          rule: 'event-declared-in-app',
          text: node.getText(source),
        });
      }
    }
    if (ts.isStringLiteralLike(node) && EVENT_TYPE.test(node.text)) {
      const namespace = node.text.split('/')[0];
      if (namespaces.has(namespace) && !known.has(node.text) && !isImportPath(node) && !isDeclaredType(node)) {
        violations.push({ file, line: lineOf(source, node), rule: 'unknown-event-type', text: node.text });
      }
    }
  });
  return violations;
}

/** The literal of `EventLike<'ns/name'>`: already reported as a declaration. */
const isDeclaredType = (node: ts.Node) =>
  ts.isLiteralTypeNode(node.parent) &&
  ts.isTypeReferenceNode(node.parent.parent) &&
  DECLARING_TYPES.has(node.parent.parent.typeName.getText());

const isImportPath = (node: ts.Node) =>
  ts.isImportDeclaration(node.parent) ||
  ts.isExportDeclaration(node.parent) ||
  ts.isExternalModuleReference(node.parent);

/**
 * Calls of `append` on the event store: on a name declared with the type `EventStore` (a constructor
 * parameter, a property, a variable), or on any receiver spelled `store` / `eventStore`.
 */
export function directAppends(file: string, text: string): EventViolation[] {
  const source = parse(file, text);
  const storeNames = new Set(['store', 'eventStore']);
  visit(source, (node) => {
    if (
      (ts.isParameter(node) || ts.isPropertyDeclaration(node) || ts.isVariableDeclaration(node)) &&
      node.type &&
      ts.isTypeReferenceNode(node.type) &&
      /^(EventStore|PostgresEventStore)$/.test(node.type.typeName.getText(source)) &&
      ts.isIdentifier(node.name)
    ) {
      storeNames.add(node.name.text);
    }
  });
  const violations: EventViolation[] = [];
  visit(source, (node) => {
    if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return;
    if (node.expression.name.text !== 'append') return;
    const receiver = node.expression.expression;
    const name = ts.isPropertyAccessExpression(receiver)
      ? receiver.name.text
      : ts.isIdentifier(receiver)
        ? receiver.text
        : '';
    if (storeNames.has(name)) {
      violations.push({
        file,
        line: lineOf(source, node),
        rule: 'direct-append',
        text: node.expression.getText(source),
      });
    }
  });
  return violations;
}
