/** The sample works section: carousel, loading placeholders, or a note when the list is unavailable.
 * The carousel is loaded with the samples and the annotation dialog when first opened: the landing's
 * first script does without them. */
import { Box, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { withFullTheme } from '@/app/theme-store';
import { useSamples, type Sample } from '../api/get-samples';
import { BREAKPOINTS } from '@/config/ui';

// The carousel (cards, downloads) comes with the samples: the pre-rendered page shows placeholders.
const SampleCarousel = lazy(() => import('./sample-carousel').then((m) => ({ default: m.SampleCarousel })));
const AppDialog = lazy(() => withFullTheme(import('@/components/app-dialog')).then((m) => ({ default: m.AppDialog })));

/** As many placeholders as the carousel will show cards (1, 2 or 3 by width), laid out by CSS so
 * that the pre-rendered page has the right number at every width. */
const PLACEHOLDER_COLUMNS = {
  gridTemplateColumns: '1fr',
  '& > :nth-of-type(n+2)': { display: 'none' },
  [`@media (min-width: ${BREAKPOINTS.carouselOne}px)`]: {
    gridTemplateColumns: 'repeat(2, 1fr)',
    '& > :nth-of-type(2)': { display: 'block' },
  },
  [`@media (min-width: ${BREAKPOINTS.carouselTwo}px)`]: {
    gridTemplateColumns: 'repeat(3, 1fr)',
    '& > :nth-of-type(3)': { display: 'block' },
  },
};

export function Samples() {
  const samples = useSamples();
  const [annotation, setAnnotation] = useState<Sample | null>(null);
  // Mounted from the first opening on, so that closing it animates.
  const [dialogLoaded, setDialogLoaded] = useState(false);
  const showAnnotation = (sample: Sample) => {
    setDialogLoaded(true);
    setAnnotation(sample);
  };

  const placeholders = (
    <Box display="grid" gap="4" role="status" aria-busy="true" aria-label="Загрузка примеров" css={PLACEHOLDER_COLUMNS}>
      {[1, 2, 3].map((i) => (
        <Skeleton key={i} height="80" rounded="lg" />
      ))}
    </Box>
  );
  let body: React.ReactNode;
  if (samples.isPending) {
    body = placeholders;
  } else if (samples.isError || samples.data.length === 0) {
    body = <Text color="fg.muted">Примеры работ скоро появятся здесь.</Text>;
  } else {
    body = (
      <Suspense fallback={placeholders}>
        <SampleCarousel samples={samples.data} onAnnotation={showAnnotation} />
      </Suspense>
    );
  }

  return (
    <Stack as="section" aria-labelledby="samples-title" gap="6">
      <Heading as="h2" size="2xl" id="samples-title">
        Примеры работ
      </Heading>
      {body}
      {dialogLoaded ? (
        <Suspense>
          <AppDialog open={annotation !== null} onClose={() => setAnnotation(null)} title="Аннотация" size="lg">
            {annotation ? (
              <Stack gap="3">
                <Text fontWeight="semibold">{annotation.title}</Text>
                <Text whiteSpace="pre-line">{annotation.annotation}</Text>
              </Stack>
            ) : null}
          </AppDialog>
        </Suspense>
      ) : null}
    </Stack>
  );
}
