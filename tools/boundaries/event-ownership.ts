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
/** Media types look like event types (`text/csv`): a `case` on a file's type is not a fold's branch. */
const MEDIA_TYPES = new Set([
  'application',
  'audio',
  'font',
  'image',
  'message',
  'model',
  'multipart',
  'text',
  'video',
]);

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
  /** Types already reported by the shape rules: their literal is not reported again. */
  const reported = new Set<string>();
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
    const shaped = eventShapedType(node);
    if (shaped) {
      const declaration = ts.isTypeLiteralNode(node);
      // A `{ type: 'ns/name'; data }` type restates an event in the app (even one the libraries declare:
      // import it); a hand-built `{ type, data }` object is fine only with a type the libraries declare.
      if (declaration || !known.has(shaped)) {
        violations.push({
          file,
          line: lineOf(source, node),
          rule: declaration ? 'event-declared-in-app' : 'unknown-event-type',
          text: shaped,
        });
      }
      reported.add(shaped);
    }
    const cased = caseOfEventType(node);
    if (cased && !known.has(cased)) {
      violations.push({ file, line: lineOf(source, node), rule: 'unknown-event-type', text: cased });
      reported.add(cased);
    }
    if (ts.isStringLiteralLike(node) && EVENT_TYPE.test(node.text) && !reported.has(node.text)) {
      const namespace = node.text.split('/')[0];
      if (namespaces.has(namespace) && !known.has(node.text) && !isImportPath(node) && !isDeclaredType(node)) {
        violations.push({ file, line: lineOf(source, node), rule: 'unknown-event-type', text: node.text });
      }
    }
  });
  return violations;
}

const memberName = (member: ts.TypeElement | ts.ObjectLiteralElementLike) =>
  member.name && (ts.isIdentifier(member.name) || ts.isStringLiteral(member.name)) ? member.name.text : undefined;

/**
 * The `ns/name` of an event-shaped object: a type literal or an object literal with a `type` member whose
 * value is such a literal and a `data` member (`{ type: 'text/csv' }`, a Blob's options, has no `data`).
 */
function eventShapedType(node: ts.Node): string | undefined {
  let typeText: string | undefined;
  let hasData = false;
  if (ts.isTypeLiteralNode(node)) {
    for (const member of node.members) {
      const name = memberName(member);
      if (name === 'data') hasData = true;
      if (name === 'type' && ts.isPropertySignature(member) && member.type && ts.isLiteralTypeNode(member.type)) {
        const literal = member.type.literal;
        if (ts.isStringLiteral(literal)) typeText = literal.text;
      }
    }
  } else if (ts.isObjectLiteralExpression(node)) {
    for (const member of node.properties) {
      const name = memberName(member);
      if (name === 'data' || (ts.isShorthandPropertyAssignment(member) && member.name.text === 'data')) hasData = true;
      if (name === 'type' && ts.isPropertyAssignment(member) && ts.isStringLiteralLike(member.initializer)) {
        typeText = member.initializer.text;
      }
    }
  }
  return hasData && typeText && EVENT_TYPE.test(typeText) ? typeText : undefined;
}

/** `case 'ns/name':` in a `switch (x.type)`: a fold's branch for that event type. */
function caseOfEventType(node: ts.Node): string | undefined {
  if (!ts.isCaseClause(node) || !ts.isStringLiteralLike(node.expression)) return undefined;
  const subject = node.parent.parent.expression;
  const onType = ts.isPropertyAccessExpression(subject) && subject.name.text === 'type';
  const text = node.expression.text;
  return onType && EVENT_TYPE.test(text) && !MEDIA_TYPES.has(text.split('/')[0]) ? text : undefined;
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
