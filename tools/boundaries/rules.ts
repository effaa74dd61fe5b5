import { builtinModules } from 'node:module';
import { posix } from 'node:path';
import ts from 'typescript';

/**
 * The import rules of Nx project tags, as pure functions over file text: the test runs them on the
 * real repository and on fixture strings.
 */
export interface TagPolicy {
  allow?: string[];
  allowInTests?: string[];
  denyProjectsTagged?: string[];
}
export interface Policy {
  tags: Record<string, TagPolicy>;
}

export interface Project {
  /** Package (or Nx project) name, e.g. '@strata/domain'. */
  name: string;
  /** Directory relative to the repository root, posix separators, e.g. 'libs/domain'. */
  root: string;
  tags: string[];
}

export interface Violation {
  project: string;
  file: string;
  specifier: string;
  reason: string;
}

/** Every module specifier a file names: import/export from, import(), require(), import x = require(). */
export function importSpecifiers(sourceText: string): string[] {
  // WHY a parse and not ts.preProcessFile: the pre-processor's light scanner loses track of template literals
  // and took plain strings of a big object literal for imports. The syntax tree never confuses the two.
  const source = ts.createSourceFile('file.tsx', sourceText, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const found: string[] = [];
  const literal = (node: ts.Node | undefined) => {
    if (node && ts.isStringLiteralLike(node)) found.push(node.text);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) literal(node.moduleSpecifier);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      literal(node.moduleReference.expression);
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const isDynamicImport = callee.kind === ts.SyntaxKind.ImportKeyword;
      const isRequire = ts.isIdentifier(callee) && callee.text === 'require';
      if ((isDynamicImport || isRequire) && node.arguments.length === 1) literal(node.arguments[0]);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) literal(node.argument.literal);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

export const isTestFile = (file: string) => /\.(spec|test)\.[cm]?tsx?$/.test(file);

const isRelative = (specifier: string) => specifier === '.' || specifier === '..' || /^\.\.?\//.test(specifier);

const names = (specifier: string, pkg: string) => specifier === pkg || specifier.startsWith(`${pkg}/`);

function isNodeBuiltin(specifier: string): boolean {
  return specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0]);
}

/** The one `type:*` tag of a project, or an explanation of why there is none. */
export function typeTag(project: Project): { tag: string } | { problem: string } {
  const tags = project.tags.filter((t) => t.startsWith('type:'));
  if (tags.length !== 1) return { problem: `needs exactly one type:* tag, has [${tags.join(', ')}]` };
  return { tag: tags[0] };
}

/** Why `specifier`, imported by `file` of `project`, breaks the policy; null when it is allowed. */
export function checkImport(
  project: Project,
  file: string,
  specifier: string,
  projects: readonly Project[],
  policy: Policy,
): string | null {
  const tagged = typeTag(project);
  if ('problem' in tagged) return `project ${project.name} ${tagged.problem}`;
  const rule = policy.tags[tagged.tag];
  if (!rule) return `tag ${tagged.tag} has no rule in tools/boundaries/policy.json`;

  if (isRelative(specifier)) {
    const target = posix.normalize(posix.join(posix.dirname(file), specifier));
    if (target === project.root || target.startsWith(`${project.root}/`)) return null;
    const owner = projects.find((p) => target === p.root || target.startsWith(`${p.root}/`));
    return owner
      ? `reaches into ${owner.name} by a relative path; import its package instead`
      : `reaches outside ${project.root} by a relative path`;
  }
  if (names(specifier, project.name)) return null;

  const target = projects.find((p) => p !== project && names(specifier, p.name));
  const targetTag = target && typeTag(target);
  if (target && targetTag && 'tag' in targetTag && rule.denyProjectsTagged?.includes(targetTag.tag)) {
    return `${tagged.tag} must not import ${target.name} (${targetTag.tag})`;
  }

  if (rule.allow) {
    const allowed = [...rule.allow, ...(isTestFile(file) ? (rule.allowInTests ?? []) : [])];
    if (allowed.some((pkg) => names(specifier, pkg))) return null;
    const what = isNodeBuiltin(specifier) ? 'the Node built-in' : 'the module';
    return `${tagged.tag} may import only ${allowed.join(', ')} and its own files, not ${what} '${specifier}'`;
  }
  return null;
}

/** All violations of one file's text. */
export function checkSource(
  project: Project,
  file: string,
  sourceText: string,
  projects: readonly Project[],
  policy: Policy,
): Violation[] {
  return importSpecifiers(sourceText).flatMap((specifier) => {
    const reason = checkImport(project, file, specifier, projects, policy);
    return reason ? [{ project: project.name, file, specifier, reason }] : [];
  });
}
