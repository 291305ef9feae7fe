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

/**
 * The shared layers of paper/src (its folders and root files that are neither a stage nor an entry
 * point), lowest first: a layer imports only layers before it in this list, so the arrows between
 * paper's folders all point down (`npm run floors -w paper` draws them: no arrow back up) and each
 * layer can be read with only what is below it in mind. A folder is written "text/", a root file
 * "zip.ts". A new folder or root file of paper/src gets its place here.
 */
const PAPER_LAYERS = [
  'errors.ts',
  'process-folder.ts',
  'checkpoints/',
  'gost/',
  'bibliography/',
  'text/',
  'zip.ts',
  'pdf/',
  'docx/',
  'outline/',
  'input/',
  'writer/',
  'calls.ts',
  'sources/',
  'passages/',
  'source-plan/',
  'typeset/',
  'layout/',
  'demo/',
  'grounding/',
  'introduction/',
  'sections/',
  'conclusion/',
  'annotation/',
  'remarks/',
  'offline-writer/',
  'types.ts',
  'progress.ts',
  'run/',
];
/** The modules of some layers of paper/src: a folder's, or a root file. */
const paperLayersPath = (layers) => `^paper/src/(${layers.map((l) => (l.endsWith('/') ? l : `${l.replace('.', '[.]')}$`)).join('|')})`;
const paperLayerOrder = PAPER_LAYERS.slice(0, -1).map((layer, i) => ({
  name: `paper-${layer.replace(/(\.ts|\/)$/, '')}-imports-no-higher-layer`,
  severity: 'error',
  comment: `paper/src/${layer} imports no layer above it in PAPER_LAYERS (.dependency-cruiser.cjs), not even a type: what it needs of one belongs in it or below it.`,
  from: { path: paperLayersPath([layer]) },
  to: { path: paperLayersPath(PAPER_LAYERS.slice(i + 1)) },
}));
/** A types file of paper/src: a folder's types.ts, or the root's. */
const PAPER_TYPES = '^paper/src/(types|.*/types)[.]ts$';

/**
 * The api's modules (api/src/modules/*), lowest first: a module imports only modules before it in
 * this list, so the arrows between modules point one way and each can be read with only what is
 * below it in mind (file-level cycles alone would still allow two modules importing each other
 * through different files). What a lower module needs of a higher one is handed in as a callback
 * by a composition root, which is outside the modules and imports any of them: app.ts (routes,
 * account deletion), worker.ts (the runner of each order kind), main.ts, cli/, http/. A new module
 * gets its place here.
 */
const API_MODULES = [
  'system',
  'limits',
  'mail',
  'quota',
  'promo',
  'library',
  'sources',
  'accounts',
  'papers',
  'orders',
  'payments',
  'versions',
  'evidence',
  'generation',
  'defence',
  'revisions',
  'notifications',
  'telegram',
  'reviews',
  'metrics',
];
const apiModuleOrder = API_MODULES.slice(0, -1).map((module, i) => ({
  name: `api-${module}-imports-no-higher-module`,
  severity: 'error',
  comment: `api/src/modules/${module} imports no module above it in API_MODULES (.dependency-cruiser.cjs): what it needs of one is handed in by a composition root (app.ts, worker.ts).`,
  from: { path: `^api/src/modules/${module}/` },
  to: { path: `^api/src/modules/(${API_MODULES.slice(i + 1).join('|')})/` },
}));

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
    ...paperLayerOrder,
    {
      name: 'paper-module-is-in-a-layer',
      severity: 'error',
      comment:
        'Every folder and root file of paper/src is a stage, an entry point or has its place in PAPER_LAYERS (.dependency-cruiser.cjs), so that its imports are checked.',
      from: { path: '^paper/src/', pathNot: [STAGE, ENTRIES, paperLayersPath(PAPER_LAYERS)] },
      to: {},
    },
    {
      name: 'paper-types-import-only-types',
      severity: 'error',
      comment:
        "A types.ts of paper/src holds types and imports only other types files (and packages): the run's state, typed by them, pulls in no logic, and no types file lifts its folder above the logic it would import.",
      from: { path: PAPER_TYPES },
      to: { path: '^paper/src/', pathNot: PAPER_TYPES },
    },
    ...apiModuleOrder,
    {
      name: 'api-module-is-in-the-order',
      severity: 'error',
      comment: 'Every folder of api/src/modules has its place in API_MODULES (.dependency-cruiser.cjs), so that its imports are checked.',
      from: { path: `^api/src/modules/(?!(${API_MODULES.join('|')})/)` },
      to: {},
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
