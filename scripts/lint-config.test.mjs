// The lint gate must be able to fail: each case writes a deliberate violation into the tree, lints
// it with the project's own configuration and expects the rule to fire. `npm run test:lint`.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const probe = 'lint-probe';

/** A file per case; all are removed afterwards whatever happens. */
const files = {
  crossFeature: `web/src/features/orders/${probe}.ts`,
  libToFeature: `web/src/lib/${probe}.ts`,
  contractToApi: `contract/src/${probe}.ts`,
  paperToApi: `paper/src/${probe}.ts`,
  botToApi: `bot/src/${probe}.ts`,
  camelCase: `api/src/lintProbe.ts`,
  floating: `api/src/${probe}-floating.ts`,
  cycleA: `paper/src/${probe}-a.ts`,
  cycleB: `paper/src/${probe}-b.ts`,
  stageToStage: `paper/src/review/${probe}.ts`,
  sharedToStage: `paper/src/text/${probe}.ts`,
  sharedToRun: `paper/src/grounding/${probe}.ts`,
  paperLayerUp: `paper/src/bibliography/${probe}.ts`,
  paperTypesToLogic: `paper/src/outline/${probe}/types.ts`,
  paperUnlisted: `paper/src/${probe}-layer/${probe}.ts`,
  apiModuleUp: `api/src/modules/orders/${probe}.ts`,
  apiModuleUnlisted: `api/src/modules/${probe}/${probe}.ts`,
};
const sources = {
  crossFeature: `import { usePapers } from '@/features/papers/api/get-papers';\nexport const x = usePapers;\n`,
  libToFeature: `import { usePapers } from '../features/papers/api/get-papers';\nexport const x = usePapers;\n`,
  contractToApi: `import type { Config } from '@app/api/src/config.ts';\nexport type X = Config;\n`,
  paperToApi: `import type { Config } from '../../api/src/config.ts';\nexport type X = Config;\n`,
  botToApi: `import type { Config } from '../../api/src/config.ts';\nexport type X = Config;\n`,
  camelCase: `export const x = 1;\n`,
  floating: `async function later(): Promise<void> {}\nexport function now(): void {\n  later();\n}\n`,
  // A type-only cycle: still a cycle.
  cycleA: `import type { B } from './${probe}-b.ts';\nexport interface A { b?: B }\n`,
  cycleB: `import type { A } from './${probe}-a.ts';\nexport interface B { a?: A }\n`,
  // The paper engine's pipeline: a stage's helper importing another stage, a shared layer importing a stage.
  stageToStage: `import { writingStage } from '../writing/stage.ts';\nexport const x = writingStage;\n`,
  sharedToStage: `import type { writingStage } from '../writing/stage.ts';\nexport type X = typeof writingStage;\n`,
  // A shared layer reaching up into the run's layer, for a type only.
  sharedToRun: `import type { PaperState } from '../run/state.ts';\nexport type X = PaperState;\n`,
  // A shared layer of the paper engine reaching up its order (bibliography/ is below outline/), for a type only.
  paperLayerUp: `import type { Outline } from '../outline/types.ts';\nexport type X = Outline;\n`,
  // A types file importing a logic file.
  paperTypesToLogic: `import type { briefOf } from '../brief.ts';\nexport type X = typeof briefOf;\n`,
  // A folder of paper/src missing from the layers.
  paperUnlisted: `import { cleanText } from '../text/clean.ts';\nexport const x = cleanText;\n`,
  // An api module reaching up the module order (orders is below generation), for a type only.
  apiModuleUp: `import type { GenerationDeps } from '../generation/run.ts';\nexport type X = GenerationDeps;\n`,
  // A module folder missing from the order.
  apiModuleUnlisted: `import type { Order } from '../orders/entities.ts';\nexport type X = Order;\n`,
};

let results;
before(async () => {
  for (const [key, file] of Object.entries(files)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), sources[key]);
  }
  const eslint = new ESLint({ cwd: root });
  const linted = await eslint.lintFiles(Object.values(files).map((f) => join(root, f)));
  results = Object.fromEntries(linted.map((r) => [r.filePath.slice(root.length + 1), r.messages.map((m) => m.ruleId)]));
});
after(() => {
  for (const file of Object.values(files)) rmSync(join(root, file), { force: true });
  for (const file of [files.paperTypesToLogic, files.paperUnlisted]) rmSync(join(root, dirname(file)), { recursive: true, force: true });
  rmSync(join(root, dirname(files.apiModuleUnlisted)), { recursive: true, force: true });
});

describe('the lint gate', () => {
  it('refuses a feature importing another feature', () => assert.ok(results[files.crossFeature].includes('import-x/no-restricted-paths')));
  it('refuses shared web code importing a feature', () => assert.ok(results[files.libToFeature].includes('import-x/no-restricted-paths')));
  it('refuses the contract importing a workspace', () => assert.ok(results[files.contractToApi].includes('no-restricted-imports')));
  it('refuses the paper engine importing the api', () => assert.ok(results[files.paperToApi].includes('no-restricted-imports')));
  it('refuses the bot importing api internals', () => assert.ok(results[files.botToApi].includes('no-restricted-imports')));
  it('refuses a file name that is not kebab-case', () =>
    assert.ok(results[files.camelCase].includes('check-file/filename-naming-convention')));
  it('refuses a floating promise', () => assert.ok(results[files.floating].includes('@typescript-eslint/no-floating-promises')));
  /** dependency-cruiser on these files: it exits non-zero, naming the rule, on a violation. */
  const cruise = (...paths) =>
    execFileSync('npx', ['depcruise', ...paths, '--config', '.dependency-cruiser.cjs'], { cwd: root, stdio: 'pipe' });
  const refusedBy = (rule) => (error) => String(error.stdout).includes(rule);
  it('refuses an import cycle, even of types only', () =>
    assert.throws(() => cruise(files.cycleA, files.cycleB), refusedBy('no-circular')));
  it('refuses a stage of the paper engine importing another stage', () =>
    assert.throws(() => cruise(files.stageToStage), refusedBy('paper-stage-imports-no-stage')));
  it('refuses a shared layer of the paper engine importing a stage, even for a type', () =>
    assert.throws(() => cruise(files.sharedToStage), refusedBy('paper-shared-imports-no-stage')));
  it('refuses a shared layer of the paper engine importing run/, even for a type', () =>
    assert.throws(() => cruise(files.sharedToRun), refusedBy('paper-shared-imports-no-run')));
  it('refuses a shared layer of the paper engine importing a layer above it, even for a type', () =>
    assert.throws(() => cruise(files.paperLayerUp), refusedBy('paper-bibliography-imports-no-higher-layer')));
  it('refuses a folder of the paper engine missing from its layers', () =>
    assert.throws(() => cruise(files.paperUnlisted), refusedBy('paper-module-is-in-a-layer')));
  it('refuses a types file of the paper engine importing a logic file', () =>
    assert.throws(() => cruise(files.paperTypesToLogic), refusedBy('paper-types-import-only-types')));
  it('refuses an api module importing a module above it, even for a type', () =>
    assert.throws(() => cruise(files.apiModuleUp), refusedBy('api-orders-imports-no-higher-module')));
  it('refuses an api module missing from the module order', () =>
    assert.throws(() => cruise(files.apiModuleUnlisted), refusedBy('api-module-is-in-the-order')));
});
