import { BASE_INPUT, CATALOGUE } from './dev/fixtures.ts';
import { createLocalSearch, createMemoryCheckpoints, createOfflineWriter, createPdfConverterPool, generatePaper } from './src/index.ts';
const pool = createPdfConverterPool({ size: 1 });
try {
  const r = await generatePaper(
    { ...BASE_INPUT, requiredVolume: 80 },
    {
      writer: createOfflineWriter(),
      search: createLocalSearch(CATALOGUE),
      checkpoints: createMemoryCheckpoints(),
      pdf: pool,
      onProgress: () => {},
      now: new Date('2025-03-01T12:00:00Z'),
    },
  );
  console.log(r.pageCount, JSON.stringify(r.citations), r.normocontrol.issues);
} catch (e) {
  console.log('ERR', e);
}
await pool.close();
