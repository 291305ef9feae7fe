/** Four sample works in the manifest format (api/samples/build.ts writes it), served by the real
 * server (SAMPLES_DIR) when paper/samples has no manifest. The files are tiny stand-ins, not real .docx. */
import { SAMPLE_TARIFF_LABELS } from '@app/contract';

const titles = [
  ['Цифровая трансформация малого бизнеса в России', 'Демо', SAMPLE_TARIFF_LABELS.basic, 30, false, false],
  ['Влияние социальных сетей на учебную мотивацию студентов', 'Полный', SAMPLE_TARIFF_LABELS.basic, 1990, true, false],
  ['Правовое регулирование электронной коммерции в Российской Федерации', 'Полный', SAMPLE_TARIFF_LABELS.professional, 4990, true, true],
  ['Методы машинного обучения в медицинской диагностике', 'Демо', SAMPLE_TARIFF_LABELS.professional, 50, true, true],
] as const;

export function fixtureSamples(): Record<string, string> {
  const files: Record<string, string> = {};
  const manifest = titles.map(([title, type, tariff, price, hasFootnotes, hasBibliography], i) => {
    files[`sample-${i + 1}.docx`] = `fixture ${i + 1}`;
    return {
      title,
      type,
      tariff,
      price,
      annotation: `Аннотация работы «${title}». В работе рассмотрены теоретические основы темы, проанализирована практика и предложены рекомендации.`,
      downloadUrl: `/samples/sample-${i + 1}.docx`,
      hasBibliography,
      hasFootnotes,
      keywords: ['ГОСТ', `тема ${i + 1}`, 'исследование'],
      pages: type === 'Полный' ? 80 : 12,
      volume: type === 'Полный' ? 80 : null,
      sources: type === 'Полный' ? 30 : 10,
      writtenBy: 'Фикстура e2e: образцы не собраны',
    };
  });
  files['manifest.json'] = JSON.stringify(manifest);
  return files;
}
