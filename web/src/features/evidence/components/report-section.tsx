/** «Отчёт об источниках» beside the paper: what it holds and its two files (.docx and PDF). */
import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { fileNameOf, type EvidenceReport } from '@app/contract';
import { InlineError } from '@/components/inline-error';
import { useDownload } from '@/lib/use-download';
import type { ReportFiles } from '../api/report-files';
import { summaryText } from './entry-details';

/** The names the browser saves the files under. */
const reportFileName = (title: string, ext: 'docx' | 'pdf') => `Отчёт об источниках — ${fileNameOf(title)}.${ext}`;

interface Props {
  report: EvidenceReport;
  files: ReportFiles;
  /** What the section says about the PDF's citations (the preview's and the link's pages show them). */
  note?: string;
}

export function ReportSection({ report, files, note }: Props) {
  const docx = useDownload();
  const pdf = useDownload();
  return (
    <Stack as="section" aria-labelledby="evidence-report-title" gap="3" borderWidth="1px" borderRadius="lg" p="4" bg="white">
      <Heading as="h2" size="md" id="evidence-report-title">
        Отчёт об источниках
      </Heading>
      <Text fontSize="sm">Каждая ссылка работы с фрагментом источника, на котором она основана: {summaryText(report.summary)}.</Text>
      {note ? (
        <Text fontSize="sm" color="fg.muted">
          {note}
        </Text>
      ) : null}
      <HStack gap="2" flexWrap="wrap">
        <Button
          size="sm"
          variant="outline"
          loading={docx.pending}
          loadingText="Скачивание..."
          onClick={() => void docx.download(files.docx, reportFileName(report.title, 'docx'))}
        >
          Скачать отчёт .docx
        </Button>
        <Button
          size="sm"
          variant="outline"
          loading={pdf.pending}
          loadingText="Скачивание..."
          onClick={() => void pdf.download(files.pdf, reportFileName(report.title, 'pdf'))}
        >
          Скачать отчёт PDF
        </Button>
      </HStack>
      <InlineError message={docx.error ?? pdf.error} />
    </Stack>
  );
}
