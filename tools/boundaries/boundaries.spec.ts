import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import policyJson from './policy.json';
import { checkSource, importSpecifiers, type Policy, type Project } from './rules';
import { checkRepository } from './scan';

const repoRoot = join(__dirname, '..', '..');
const policy = policyJson as Policy;

const events: Project = { name: '@strata/events', root: 'libs/events', tags: ['type:events'] };
const domain: Project = { name: '@strata/domain', root: 'libs/domain', tags: ['type:domain'] };
const server: Project = { name: 'server', root: 'apps/server', tags: ['type:app'] };
const client: Project = { name: 'client', root: 'apps/client', tags: ['type:app'] };
const projects = [events, domain, server, client];

const violationsOf = (project: Project, file: string, source: string) =>
  checkSource(project, file, source, projects, policy).map((v) => v.specifier);

describe('import boundaries of the real repository', () => {
  const result = checkRepository(repoRoot, policy);

  it('no project imports what its tag forbids', () => {
    expect(result.violations).toEqual([]);
  });

  it('finds the tagged projects and actually scans their files', () => {
    const tags = Object.fromEntries(result.projects.map((p) => [p.name, p.tags]));
    expect(tags['@strata/domain']).toContain('type:domain');
    expect(tags['@strata/events']).toContain('type:events');
    expect(tags['server']).toContain('type:app');
    expect(result.filesScanned['@strata/domain']).toBeGreaterThan(10);
    expect(result.filesScanned['@strata/events']).toBeGreaterThan(0);
  });
});

describe('the boundary rules catch forbidden imports (fixtures)', () => {
  it.each([
    ["import { Pool } from 'pg';", 'pg'],
    ["import { readFileSync } from 'fs';", 'fs'],
    ["import * as fs from 'node:fs/promises';", 'node:fs/promises'],
    ["import http from 'http';", 'http'],
    ["import { createHash } from 'crypto';", 'crypto'],
    ["import { Socket } from 'net';", 'net'],
    ["import { useState } from 'react';", 'react'],
    ["import { Injectable } from '@nestjs/common';", '@nestjs/common'],
    ["import type { INestApplication } from '@nestjs/common';", '@nestjs/common'],
    ["import { map } from 'rxjs';", 'rxjs'],
    ["export * from 'react-dom';", 'react-dom'],
    ["const pg = require('pg');", 'pg'],
    ["const load = () => import('node:http');", 'node:http'],
    ["import fs = require('fs');", 'fs'],
    ["import { bootstrap } from '../../../../../apps/server/src/main';", '../../../../../apps/server/src/main'],
    ["import { up } from '../../../../package.json';", '../../../../package.json'],
    ["import { x } from 'server/dist/main';", 'server/dist/main'],
    ["import fc from 'fast-check';", 'fast-check'],
  ])('type:domain: %s is refused', (source, specifier) => {
    expect(violationsOf(domain, 'libs/domain/src/platform/x/y.ts', source)).toEqual([specifier]);
  });

  it('type:domain may import @strata/events, zod, its own files and its own package', () => {
    const source = [
      "import { DomainError } from '@strata/events';",
      "import { z } from 'zod';",
      "import { z as z4 } from 'zod/v4';",
      "import { a } from './a';",
      "import { b } from '../../shared/b';",
      "export { c } from '@strata/domain/testing';",
    ].join('\n');
    expect(violationsOf(domain, 'libs/domain/src/platform/x/y.ts', source)).toEqual([]);
  });

  it('type:domain spec files may also import fast-check, but not IO modules', () => {
    const source = "import fc from 'fast-check';\nimport { readFileSync } from 'node:fs';";
    expect(violationsOf(domain, 'libs/domain/src/platform/x/y.spec.ts', source)).toEqual(['node:fs']);
  });

  it('specifiers in comments and string contents are not imports', () => {
    const source = "// import fs from 'fs';\n/* require('pg') */\nconst s = \"import x from 'react'\";";
    expect(importSpecifiers(source)).toEqual([]);
    expect(violationsOf(domain, 'libs/domain/src/a.ts', source)).toEqual([]);
  });

  it('strings after template literals and in object literals are not imports', () => {
    // ts.preProcessFile once read these plain strings as module names.
    const source = [
      "const label = (x: { a: string }) => `${x.a} (${'b'})`;",
      "export const defs = [{ name: 'query_mode', kind: 'select', choices: [['raw', 'Raw records']] }];",
      "import { z } from 'zod';",
      "type T = import('pg').Pool;",
    ].join('\n');
    expect(importSpecifiers(source)).toEqual(['zod', 'pg']);
  });

  it('type:events may import only rxjs and its own files', () => {
    const source =
      "import { map } from 'rxjs/operators';\nimport { z } from 'zod';\nimport { t } from '@strata/domain';";
    expect(violationsOf(events, 'libs/events/src/rx/fold.ts', source)).toEqual(['zod', '@strata/domain']);
  });

  it('apps never import other apps, by package or by relative path', () => {
    const source = [
      "import { AppModule } from 'server/src/app.module';",
      "import { x } from '../../server/src/x';",
      "import { toastsDecider } from '@strata/domain';",
      "import { useState } from 'react';",
    ].join('\n');
    expect(violationsOf(client, 'apps/client/src/main.tsx', source)).toEqual([
      'server/src/app.module',
      '../../server/src/x',
    ]);
  });

  it('a project reaching into a library by relative path is told to import its package', () => {
    const [violation] = checkSource(
      server,
      'apps/server/src/a.ts',
      "import { x } from '../../../libs/domain/src/index';",
      projects,
      policy,
    );
    expect(violation.reason).toMatch(/import its package instead/);
  });

  it('a project without exactly one type tag is a violation', () => {
    const untagged: Project = { name: 'stray', root: 'apps/stray', tags: ['scope:x'] };
    expect(checkSource(untagged, 'apps/stray/src/a.ts', "import 'x';", projects, policy)[0].reason).toMatch(
      /exactly one type:\* tag/,
    );
  });
});

describe('the ESLint rule enforces the same list', () => {
  const lint = (file: string, source: string) =>
    spawnSync(
      process.execPath,
      [join(repoRoot, 'node_modules/eslint/bin/eslint.js'), '--stdin', '--stdin-filename', file],
      {
        cwd: repoRoot,
        input: source,
        encoding: 'utf8',
      },
    );

  it('eslint refuses IO and framework imports in libs/domain and accepts the allowed ones', () => {
    const bad = lint(
      'libs/domain/src/fixture.ts',
      "import { Pool } from 'pg';\nimport { z } from 'zod';\nconst fs = require('fs');\nexport const x = [Pool, z, fs];\n",
    );
    expect(bad.status).toBe(1);
    expect(bad.stdout).toMatch(/'pg' import is restricted/);
    expect(bad.stdout).toMatch(/require/);
    expect(bad.stdout).not.toMatch(/'zod' import is restricted/);

    const good = lint('libs/domain/src/fixture.ts', "import { z } from 'zod';\nexport const s = z.string();\n");
    expect(good.stdout).toBe('');
    expect(good.status).toBe(0);
  }, 30_000);

  it('eslint refuses zod in libs/events', () => {
    const result = lint('libs/events/src/fixture.ts', "import { z } from 'zod';\nexport const s = z;\n");
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/'zod' import is restricted/);
  }, 30_000);
});
