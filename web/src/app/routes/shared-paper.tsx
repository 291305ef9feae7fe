/** /s/{token}: what a supervisor's read-only link shows, without an account: the version's title and
 * author, «Отчёт об источниках» with its files, and the PDF whose citations open their entries of
 * the report. A wrong, expired or revoked link: «Ссылка недействительна или отозвана». Outside the
 * shared layout and the session: this page loads no account code. */
import { Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { FormAlert } from '@/components/form-alert';
import { FullPageLoader } from '@/components/full-page-loader';
import { PageContainer } from '@/components/page-container';
import { sharedPaperPdf, sharedReportFiles } from '@/features/evidence/api/report-files';
import { useSharedPaper } from '@/features/evidence/api/get-shared-paper';
import { InvalidLink } from '@/features/evidence/components/invalid-link';
import { ReportSection } from '@/features/evidence/components/report-section';
import { SharedPaperSummary } from '@/features/evidence/components/shared-paper-summary';
import { useCitationPanel } from '@/features/evidence/hooks/use-citation-panel';
import { PdfPreview } from '@/features/papers/components/pdf-preview';
import { errorText, statusOf } from '@/lib/errors';
import { useTitle } from '@/lib/use-title';
import { LinkLayout } from '../layouts/link-layout';

/** What a link that does not open answers (the API: 404; a malformed token may be refused as such). */
const INVALID = [400, 404, 422];

export function Component() {
  const token = useParams().token ?? '';
  const query = useSharedPaper(token);
  const paper = query.data?.status === 200 ? query.data.body : null;
  const invalid = INVALID.includes(statusOf(query.error) ?? 0);
  const citations = useCitationPanel(paper?.report.entries);
  useTitle(paper?.title ?? (invalid ? 'Ссылка недействительна или отозвана' : 'Работа по ссылке'));
  useNoIndex();

  if (query.isPending) return <FullPageLoader text="Подождите, идёт загрузка" />;
  return (
    <LinkLayout>
      <PageContainer>
        {paper ? (
          <Stack gap={{ base: '6', md: '8' }}>
            <SharedPaperSummary paper={paper} />
            <ReportSection
              report={paper.report}
              files={sharedReportFiles(token)}
              note={citations.overlay ? 'Ссылки в тексте работы выделены: нажмите на ссылку, чтобы увидеть фрагмент источника.' : undefined}
            />
            <Stack as="section" gap="4" aria-labelledby="pdf-title">
              <Heading as="h2" size="xl" id="pdf-title">
                Текст работы
              </Heading>
              <PdfPreview url={sharedPaperPdf(token)} locked={false} overlay={citations.overlay} />
            </Stack>
            {citations.panel}
          </Stack>
        ) : invalid ? (
          <InvalidLink />
        ) : (
          <Stack gap="4" maxW="2xl">
            <FormAlert>Не удалось открыть ссылку. {errorText(query.error)}</FormAlert>
            <Text>Обновите страницу через минуту.</Text>
          </Stack>
        )}
      </PageContainer>
    </LinkLayout>
  );
}

/** A link's page is for its supervisor only: never indexed, its links never followed. */
function useNoIndex() {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex, nofollow';
    document.head.append(meta);
    return () => meta.remove();
  }, []);
}
