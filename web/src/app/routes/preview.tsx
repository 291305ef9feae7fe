/** /preview/{paperId}: title, annotation, contents, the originality report, the list of sources and the PDF preview of a paper; for a demo the
 * locked page and the collapsible 'Получение полного доступа' section with the purchase panel
 * (and its sticky copy), or the bought full version's download; «Отчёт об источниках» with its
 * files and the links for a supervisor beside it, the PDF's citations opening their entries of the
 * report in a side panel; and the scroll-to-top button. */
import { Box, Grid, Heading, Stack } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { CollapsibleSection } from '@/components/collapsible-section';
import { FullPageLoader } from '@/components/full-page-loader';
import { PageContainer } from '@/components/page-container';
import { BOTTOM_BAR_VAR, ScrollToTopButton } from '@/components/scroll-to-top-button';
import { paperReportFiles } from '@/features/evidence/api/report-files';
import { useEvidence } from '@/features/evidence/api/get-evidence';
import { ReportSection } from '@/features/evidence/components/report-section';
import { SupervisorLinks } from '@/features/evidence/components/supervisor-links';
import { useCitationPanel } from '@/features/evidence/hooks/use-citation-panel';
import { PAY_BUTTON_ID, Purchase } from '@/features/orders/components/purchase';
import { usePaper } from '@/features/papers/api/get-paper';
import { FullVersionBought } from '@/features/papers/components/full-version-bought';
import { PaperOverview } from '@/features/papers/components/paper-overview';
import { PaperOriginality } from '@/features/papers/components/paper-originality';
import { PaperSources } from '@/features/papers/components/paper-sources';
import { PdfPreview } from '@/features/papers/components/pdf-preview';
import { useTitle } from '@/lib/use-title';
import { BREAKPOINTS } from '@/config/ui';

// Two columns (the purchase panel on the right) from 900 px.
const WIDE = BREAKPOINTS.others[2];
const WIDE_QUERY = `(min-width: ${WIDE}px)`;
const BUY_SECTION = 'buy-section';

export function Component() {
  const paperId = Number(useParams().paperId);
  const query = usePaper(paperId);
  const [buyOpen, setBuyOpen] = useState(true);
  const paper = query.data?.body ?? null;
  // The report of the version shown (a paper made before reports were kept has none: 404).
  const evidence = useEvidence(paperId);
  const report = evidence.data?.status === 200 ? evidence.data.body : null;
  const citations = useCitationPanel(report?.entries);
  useTitle(paper?.title || 'Предпросмотр работы');
  // A paper that cannot be loaded: logged, and the page stays empty (section 8).
  useEffect(() => {
    if (query.error) console.error('paper load failed', query.error);
  }, [query.error]);

  if (query.isLoading) return <FullPageLoader text="Подождите, идёт загрузка" />;

  // A demo is for sale until its full version is bought; then it offers that full version.
  const forSale = paper !== null && paper.type === 'demo' && !paper.full_version;
  // To the panel, once it is open; when the panel (filters, the sources found) is taller than the
  // screen, to its pay button, which its top would leave out of reach.
  const goBuy = () => {
    setBuyOpen(true);
    requestAnimationFrame(() => {
      const section = document.getElementById(BUY_SECTION);
      const pay = document.getElementById(PAY_BUTTON_ID);
      if (!section) return;
      const fits = !pay || pay.getBoundingClientRect().bottom - section.getBoundingClientRect().top < window.innerHeight * 0.9;
      if (fits) section.scrollIntoView({ behavior: 'smooth', block: 'start' });
      else pay.scrollIntoView({ behavior: 'smooth', block: 'center' });
    });
  };

  return (
    <PageContainer pb={`calc(var(${BOTTOM_BAR_VAR}, 0px) + 2.5rem)`}>
      <Grid
        gap={{ base: '6', md: '8' }}
        templateAreas={`"info" "buy" "preview"`}
        css={{
          [`@media (min-width: ${WIDE}px)`]: {
            gridTemplateAreas: `"info buy" "preview buy"`,
            gridTemplateColumns: 'minmax(0, 1fr) 340px',
            gridTemplateRows: 'auto 1fr',
          },
        }}
      >
        <Box gridArea="info" minW="0">
          <Stack gap="6">
            <PaperOverview paper={paper} />
            {paper ? <PaperOriginality originality={paper.originality} /> : null}
            {paper ? <PaperSources sources={paper.sources} /> : null}
          </Stack>
        </Box>
        {paper && (forSale || paper.full_version || report) ? (
          <Stack gridArea="buy" minW="0" gap="6">
            {forSale ? (
              <CollapsibleSection id={BUY_SECTION} title="Получение полного доступа" open={buyOpen} onOpenChange={setBuyOpen}>
                <Purchase
                  target={{ paperId: paper.id, topic: paper.title, generationModel: paper.generation_model, options: paper.options }}
                  wideQuery={WIDE_QUERY}
                />
              </CollapsibleSection>
            ) : paper.full_version ? (
              <FullVersionBought paper={paper} fullVersion={paper.full_version} />
            ) : null}
            {report ? (
              <>
                <ReportSection
                  report={report}
                  files={paperReportFiles(paper.id)}
                  note={
                    citations.overlay
                      ? 'Ссылки в тексте предпросмотра выделены: нажмите на ссылку, чтобы увидеть фрагмент источника и результат проверки.'
                      : undefined
                  }
                />
                <SupervisorLinks paperId={paper.id} />
              </>
            ) : null}
          </Stack>
        ) : null}
        <Stack as="section" gridArea="preview" minW="0" gap="4" aria-labelledby="pdf-title">
          <Heading as="h2" size="xl" id="pdf-title">
            Предпросмотр работы
          </Heading>
          <PdfPreview url={paper?.download_url ?? null} locked={forSale} onBuy={goBuy} overlay={citations.overlay} />
        </Stack>
        {citations.panel}
      </Grid>
      <ScrollToTopButton />
    </PageContainer>
  );
}
