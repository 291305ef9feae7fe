/** The sample works section: carousel, loading placeholders, or a note when the list is unavailable. */
import { Heading, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { AppDialog } from '@/components/app-dialog';
import { useSamples, type Sample } from '../api/get-samples';
import { useCardsPerView } from '../hooks/use-cards-per-view';
import { SampleCarousel } from './sample-carousel';

export function Samples() {
  const samples = useSamples();
  const perView = useCardsPerView();
  const [annotation, setAnnotation] = useState<Sample | null>(null);

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
    body = <SampleCarousel samples={samples.data} onAnnotation={setAnnotation} />;
  }

  return (
    <Stack as="section" aria-labelledby="samples-title" gap="6">
      <Heading as="h2" size="2xl" id="samples-title">
        Примеры работ
      </Heading>
      {body}
      <AppDialog open={annotation !== null} onClose={() => setAnnotation(null)} title="Аннотация" size="lg">
        {annotation ? (
          <Stack gap="3">
            <Text fontWeight="semibold">{annotation.title}</Text>
            <Text whiteSpace="pre-line">{annotation.annotation}</Text>
          </Stack>
        ) : null}
      </AppDialog>
    </Stack>
  );
}
