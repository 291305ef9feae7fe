/** The preview PDF, page by page (react-pdf; this module is loaded only by the preview page):
 * skeleton pages while loading, each page in a bordered card as wide as the container minus 6 px,
 * 16 px apart, then the locked page. The pdf.js worker, character maps, standard fonts and
 * decoders are served from our own origin (copied into the build by vite.config.ts). */
import { Box, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Document, Page, pdfjs } from 'react-pdf';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { LockIcon } from '@/components/icons';
import { useElementSize } from '@/lib/use-element-size';

pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

const ASSETS = `${import.meta.env.BASE_URL}pdfjs/`;
// One object for the module's lifetime: react-pdf reloads the document when `options` changes.
const OPTIONS = {
  cMapUrl: `${ASSETS}cmaps/`,
  standardFontDataUrl: `${ASSETS}standard_fonts/`,
  wasmUrl: `${ASSETS}wasm/`,
};

/** A4 height to width. */
const PAGE_RATIO = 297 / 210;
const GAP = '16px';
const SKELETON_PAGES = 3;
const NO_PAGES = 'No PDF file specified or zero pages.';

function PageFrame({ children, label, testId }: { children: React.ReactNode; label: string; testId?: string }) {
  // 1 px border and 2 px padding on each side: the page inside is the container width minus 6 px.
  return (
    <Box
      as="figure"
      aria-label={label}
      borderWidth="1px"
      borderColor="gray.300"
      borderRadius="sm"
      p="2px"
      bg="white"
      shadow="xs"
      data-testid={testId}
    >
      {children}
    </Box>
  );
}

function PageSkeleton({ width, ratio = PAGE_RATIO }: { width: number; ratio?: number }) {
  return <Skeleton w={`${width}px`} h={`${Math.round(width * ratio)}px`} />;
}

interface Props {
  url: string | null;
  /** Show the locked page after the last one (a paper that is not bought yet). */
  locked: boolean;
  onBuy: () => void;
  /** Page height to width (A4 unless given: 16:9 slides), for the pages still loading. */
  ratio?: number;
}

export function PdfPreview({ url, locked, onBuy, ratio }: Props) {
  const [{ width: containerWidth }, ref] = useElementSize<HTMLDivElement>();
  const [pages, setPages] = useState<number | null>(null);
  const width = Math.max(0, containerWidth - 6);

  const skeletons = (
    <Stack gap={GAP} role="status" aria-busy="true" aria-label="Загрузка страниц">
      {Array.from({ length: SKELETON_PAGES }, (_, i) => (
        <PageFrame key={i} label={`Загрузка страницы ${i + 1}`}>
          <PageSkeleton width={width} ratio={ratio} />
        </PageFrame>
      ))}
    </Stack>
  );

  return (
    <Box ref={ref} w="full">
      {!url ? (
        <Text color="fg.muted">{NO_PAGES}</Text>
      ) : width > 0 ? (
        <Document
          file={url}
          options={OPTIONS}
          loading={skeletons}
          onLoadSuccess={(pdf) => setPages(pdf.numPages)}
          onLoadError={(error) => {
            console.error('preview PDF failed to load', error);
            setPages(0);
          }}
        >
          {pages === 0 ? (
            <Text color="fg.muted">{NO_PAGES}</Text>
          ) : (
            <Stack gap={GAP}>
              {Array.from({ length: pages ?? 0 }, (_, i) => (
                <PageFrame key={i} label={`Страница ${i + 1}`} testId="pdf-page">
                  <Page
                    pageNumber={i + 1}
                    width={width}
                    renderTextLayer={false}
                    renderAnnotationLayer={false}
                    loading={<PageSkeleton width={width} ratio={ratio} />}
                    onRenderError={(error) => console.error(`preview page ${i + 1} failed to render`, error)}
                  />
                </PageFrame>
              ))}
              {locked && pages ? <LockedPage width={width} onBuy={onBuy} /> : null}
            </Stack>
          )}
        </Document>
      ) : null}
    </Box>
  );
}

function LockedPage({ width, onBuy }: { width: number; onBuy: () => void }) {
  return (
    <PageFrame label="Закрытая страница" testId="locked-page">
      <Stack
        w={`${width}px`}
        h={`${Math.round(width * PAGE_RATIO)}px`}
        align="center"
        justify="center"
        gap="4"
        px="6"
        bg="gray.50"
        textAlign="center"
      >
        <LockIcon boxSize="12" color="gray.600" />
        <Text fontSize={{ base: 'md', md: 'lg' }} maxW="sm">
          Для получения полного доступа необходимо{' '}
          <Link
            href="#buy-section"
            color="blue.700"
            textDecoration="underline"
            onClick={(e) => {
              e.preventDefault();
              onBuy();
            }}
          >
            приобрести файл
          </Link>
        </Text>
      </Stack>
    </PageFrame>
  );
}
