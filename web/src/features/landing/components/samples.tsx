/** The sample works section: carousel, loading placeholders, or a note when the list is unavailable.
 * The annotation dialog is loaded when first opened (the landing's first script does without it). */
import { Heading, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { withFullTheme } from '@/app/theme-store';
import { useSamples, type Sample } from '../api/get-samples';
import { useCardsPerView } from '../hooks/use-cards-per-view';
import { SampleCarousel } from './sample-carousel';

const AppDialog = lazy(() => withFullTheme(import('@/components/app-dialog')).then((m) => ({ default: m.AppDialog })));

export function Samples() {
  const samples = useSamples();
  const perView = useCardsPerView();
  const [annotation, setAnnotation] = useState<Sample | null>(null);
  // Mounted from the first opening on, so that closing it animates.
  const [dialogLoaded, setDialogLoaded] = useState(false);
  const showAnnotation = (sample: Sample) => {
    setDialogLoaded(true);
    setAnnotation(sample);
  };

  let body: React.ReactNode;
  if (samples.isPending) {
    body = (
      <SimpleGrid columns={perView} gap="4" aria-busy="true" aria-label="Загрузка примеров">
        {Array.from({ length: perView }, (_, i) => (
          <Skeleton key={i} height="80" rounded="lg" />
        ))}
      </SimpleGrid>
    );
  } else if (samples.isError || samples.data.length === 0) {
    body = <Text color="fg.muted">Примеры работ скоро появятся здесь.</Text>;
  } else {
    body = <SampleCarousel samples={samples.data} onAnnotation={showAnnotation} />;
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
