import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';
import { checkSource, typeTag, type Policy, type Project, type Violation } from './rules';

/** Reading the repository: Nx projects with their tags, and their TypeScript files. */

const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', '.nx', '.jest-cache', 'coverage', 'artifacts', '.strata']);
const toPosix = (path: string) => path.split(sep).join(posix.sep);

function readJson(path: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
}

function tagsOf(json: Record<string, unknown>): string[] {
  const nx = json.nx as { tags?: unknown } | undefined;
  const tags = json.tags ?? nx?.tags;
  return Array.isArray(tags) ? tags.filter((t): t is string => typeof t === 'string') : [];
}

/**
 * Projects as Nx sees them: each workspace package (package.json, tags under "nx") and each
 * project.json (tags at the top); when a folder has both, their tags are merged.
 */
export function discoverProjects(repoRoot: string): Project[] {
  const byRoot = new Map<string, Project>();
  const add = (dir: string, name: string | undefined, tags: string[]) => {
    const root = toPosix(relative(repoRoot, dir));
    const known = byRoot.get(root);
    if (known) known.tags = [...new Set([...known.tags, ...tags])];
    else byRoot.set(root, { name: name ?? root, root, tags });
  };

  const workspaces = (readJson(join(repoRoot, 'package.json')).workspaces ?? []) as string[];
  for (const pattern of workspaces) {
    if (!pattern.endsWith('/*')) throw new Error(`workspace pattern ${pattern} is not of the form dir/*`);
    const parent = join(repoRoot, pattern.slice(0, -2));
    if (!existsSync(parent)) continue;
    for (const entry of readdirSync(parent, { withFileTypes: true })) {
      const manifest = join(parent, entry.name, 'package.json');
      if (entry.isDirectory() && existsSync(manifest)) {
        const json = readJson(manifest);
        add(join(parent, entry.name), json.name as string | undefined, tagsOf(json));
      }
    }
  }
  for (const file of walk(repoRoot, (name) => name === 'project.json', 3)) {
    const json = readJson(file);
    add(join(file, '..'), json.name as string | undefined, tagsOf(json));
  }
  return [...byRoot.values()].filter((p) => p.root !== '').sort((a, b) => a.root.localeCompare(b.root));
}

export function* walk(dir: string, keep: (name: string) => boolean, depth = Infinity): Generator<string> {
  if (depth < 0) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) yield* walk(path, keep, depth - 1);
    } else if (keep(entry.name) && statSync(path).isFile()) {
      yield path;
    }
  }
}

export const isTypeScript = (name: string) => /\.[cm]?tsx?$/.test(name);

export interface RepositoryCheck {
  projects: Project[];
  /** Files scanned per project name. */
  filesScanned: Record<string, number>;
  violations: Violation[];
}

/** Checks every TypeScript file of every project (outside build output and dependencies). */
export function checkRepository(repoRoot: string, policy: Policy): RepositoryCheck {
  const projects = discoverProjects(repoRoot);
  const filesScanned: Record<string, number> = {};
  const violations: Violation[] = [];
  for (const project of projects) {
    const tagged = typeTag(project);
    if ('problem' in tagged) {
      violations.push({ project: project.name, file: project.root, specifier: '', reason: tagged.problem });
      continue;
    }
    filesScanned[project.name] = 0;
    // Nested projects (a project.json below another project) are checked as themselves, not twice.
    const nested = projects.filter((p) => p !== project && p.root.startsWith(`${project.root}/`));
    for (const path of walk(join(repoRoot, project.root), isTypeScript)) {
      const file = toPosix(relative(repoRoot, path));
      if (nested.some((p) => file.startsWith(`${p.root}/`))) continue;
      filesScanned[project.name] += 1;
      violations.push(...checkSource(project, file, readFileSync(path, 'utf8'), projects, policy));
    }
  }
  return { projects, filesScanned, violations };
}
