import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLAIMED_NODE_VERSIONS, engineProblems } from '../../../scripts/check-engines.mjs';

let root: string;
const manifest = (rel: string, pkg: object) => {
  fs.mkdirSync(path.join(root, rel), { recursive: true });
  fs.writeFileSync(path.join(root, rel, 'package.json'), JSON.stringify(pkg));
};

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'lumiskin-engines-'));
  manifest('.', { name: 'app', engines: { node: '^20.19.0 || ^22.13.0 || >=24.0.0' } });
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('check-engines (decision 075)', () => {
  it('names an installed package, nested or scoped, whose engines leave out a claimed Node', () => {
    manifest('node_modules/fine', { name: 'fine', version: '1.0.0', engines: { node: '>=18' } });
    manifest('node_modules/no-engines', { name: 'no-engines', version: '1.0.0' });
    manifest('node_modules/a/node_modules/cookie', {
      name: 'cookie',
      version: '2.0.2',
      engines: { node: '>=22' },
    });
    manifest('apps/server/node_modules/@scope/tool', {
      name: '@scope/tool',
      version: '5.0.1',
      engines: { node: '^20.19.0 || ^22.13.0 || >=24' },
    });
    manifest('node_modules/@scope/picky', {
      name: '@scope/picky',
      version: '3.0.0',
      engines: { node: '^20.19.0 || ^22.14.0 || >=24' },
    });
    const { problems, rootExcludes } = engineProblems(root);
    expect(problems.map((p) => [p.name, p.excludes])).toEqual(
      expect.arrayContaining([
        ['cookie', ['20.19.0']],
        ['@scope/picky', ['22.13.0']],
      ]),
    );
    expect(problems).toHaveLength(2);
    expect(rootExcludes).toEqual([]);
  });

  it('checks the root engines against the claim too', () => {
    manifest('.', { name: 'app', engines: { node: '>=22' } });
    expect(engineProblems(root).rootExcludes).toEqual(['20.19.0']);
  });

  it('finds nothing wrong with the dependencies installed in this repository', () => {
    const repo = path.resolve(import.meta.dirname, '../../..');
    const { problems, rootExcludes } = engineProblems(repo);
    expect(problems).toEqual([]);
    expect(rootExcludes).toEqual([]);
    expect(CLAIMED_NODE_VERSIONS).toEqual(['20.19.0', '22.13.0', '24.0.0']);
  });
});
