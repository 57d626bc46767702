#!/usr/bin/env node
// `tsc -b` over every TypeScript workspace, found from the root package.json's workspaces, so a
// new service under services/ is built without being listed anywhere. The web app has its own
// build (Vite) and the cross-service tests their own type check (tsconfig.tests.json).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OWN_BUILD = new Set(['web', 'tests']);

export function typescriptProjects() {
  const { workspaces } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  return workspaces
    .flatMap((pattern) =>
      pattern.endsWith('/*')
        ? readdirSync(join(root, pattern.slice(0, -2)), { withFileTypes: true })
            .filter((entry) => entry.isDirectory())
            .map((entry) => `${pattern.slice(0, -2)}/${entry.name}`)
            .sort()
        : [pattern],
    )
    .filter((dir) => !OWN_BUILD.has(dir) && existsSync(join(root, dir, 'tsconfig.json')));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  const result = spawnSync(process.execPath, [tsc, '-b', ...typescriptProjects(), ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
  });
  process.exit(result.status ?? 1);
}
