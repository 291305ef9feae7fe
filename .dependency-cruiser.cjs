/** Import cycles, type-only ones included, fail `npm run lint`, and so does an import against the
 * paper engine's pipeline (below). The boundaries between packages and between web features are
 * ESLint's (eslint.config.js). */
const fs = require('node:fs');
const path = require('node:path');

/**
 * The paper engine is a plain pipeline: a folder of paper/src with a stage.ts is a stage (in the
 * STAGES table of engine.ts), every other module is a shared layer. A stage imports no other
 * stage, and a shared layer imports no stage; only the entry points (engine.ts, index.ts, cli.ts)
 * import stages. What a stage hands on is data in the run's state (run/state.ts), typed by the
 * shared layers' types.ts files; run/ is the layer just under the stages, and no shared layer
 * imports it.
 */
const PAPER = path.join(__dirname, 'paper', 'src');
const STAGES = fs
  .readdirSync(PAPER, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(PAPER, entry.name, 'stage.ts')))
  .map((entry) => entry.name);
const STAGE = `^paper/src/(${STAGES.join('|')})/`;
const ENTRIES = '^paper/src/(engine|index|cli)[.]ts$';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle makes two modules one: neither can be understood, tested or moved alone.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'paper-stage-imports-no-stage',
      severity: 'error',
      comment:
        'A stage of the paper engine imports no other stage: what it needs of another is data in the run state; a helper two stages use belongs in a shared layer.',
      from: { path: STAGE },
      to: { path: STAGE, pathNot: '^paper/src/$1/' },
    },
    {
      name: 'paper-shared-imports-no-stage',
      severity: 'error',
      comment:
        'A shared layer of the paper engine (text/, gost/, run/, writer/, bibliography/, grounding/, ...) imports no stage: only engine.ts, index.ts and cli.ts do.',
      from: { path: '^paper/src/', pathNot: [STAGE, ENTRIES] },
      to: { path: STAGE },
    },
    {
      name: 'paper-shared-imports-no-run',
      severity: 'error',
      comment:
        "run/ is the layer just under the stages (the run state, its budget, its snapshot, the checks as the stages run them): a shared layer imports nothing of it, not even a type; the state is typed by the shared layers' own types.ts files.",
      from: { path: '^paper/src/', pathNot: [STAGE, ENTRIES, '^paper/src/run/'] },
      to: { path: '^paper/src/run/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '(^|/)dist/', '(^|/)\\.data/'] },
    // Type-only imports count: a cycle of types is still a cycle.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'], conditionNames: ['import', 'node', 'default'] },
  },
};
