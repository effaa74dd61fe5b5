import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { walk } from './scan';

/**
 * The product specification is two documents with the same section numbers, so a citation names its
 * file: `sqllab-and-platform §4`, `charts-dashboards-reports §7`, never a bare `spec §4`.
 */
const repoRoot = join(__dirname, '..', '..');
const BARE = /\bspec §\d/;

function bareCitations(text: string): number[] {
  return text.split('\n').flatMap((line, n) => (BARE.test(line) ? [n + 1] : []));
}

describe('citations of the specification', () => {
  it('name the document in the code and notes of every project', () => {
    const found = ['apps', 'libs', 'tools'].flatMap((dir) =>
      [
        ...walk(join(repoRoot, dir), (name) => /\.(tsx?|md)$/.test(name) && !name.endsWith('spec-citations.spec.ts')),
      ].flatMap((path) =>
        bareCitations(readFileSync(path, 'utf8')).map((line) => `${relative(repoRoot, path)}:${line}`),
      ),
    );
    expect(found).toEqual([]);
  });

  it('a bare citation is found, a named one is not', () => {
    expect(bareCitations('// spec §4 Persistence\n// sqllab-and-platform §4\n/** (spec §7, REFERENCE §2) */')).toEqual([
      1, 3,
    ]);
  });
});
