/** The looping carousel of sample works: 1, 2 or 3 cards by width; each step slides for 500 ms and
 * clicks during the slide are ignored. Off-screen neighbours are rendered for the slide only. */
import { Box, HStack, IconButton, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/icons';
import type { Sample } from '../api/get-samples';
import { useCardsPerView } from '../hooks/use-cards-per-view';
import { SampleCard } from './sample-card';
import { TIMINGS } from '@/config/ui';

const mod = (n: number, m: number) => ((n % m) + m) % m;

export function SampleCarousel({ samples, onAnnotation }: { samples: Sample[]; onAnnotation: (s: Sample) => void }) {
  const perView = useCardsPerView();
  const [start, setStart] = useState(0);
  // -1: sliding to the previous card, 1: to the next, 0: at rest.
  const [shift, setShift] = useState<-1 | 0 | 1>(0);
  const timer = useRef<number | undefined>(undefined);
  // A ref, not state: two clicks in the same frame must not both start a slide.
  const sliding = useRef(false);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const count = samples.length;
  const loops = count > perView;

  const step = (direction: -1 | 1) => {
    if (sliding.current) return; // blocked while the slide animates
    sliding.current = true;
    setShift(direction);
    timer.current = window.setTimeout(() => {
      sliding.current = false;
      setStart((s) => mod(s + direction, count));
      setShift(0);
    }, TIMINGS.carouselAnimationMs);
  };

  // Absolute positions start-1 .. start+perView: one hidden neighbour on each side.
  const positions = loops ? Array.from({ length: perView + 2 }, (_, i) => start - 1 + i) : samples.map((_, i) => i);
  const cardWidth = `calc(100% / ${perView})`;
  const base = loops ? 1 : 0;
  const translate = `translateX(calc(${-(base + shift)} * 100% / ${perView}))`;

  return (
    <Box role="region" aria-roledescription="карусель" aria-label="Карусель примеров работ" data-animating={shift !== 0}>
      <Box overflow="hidden" mx="-2">
        <HStack
          gap="0"
          align="stretch"
          transform={translate}
          transition={shift !== 0 ? `transform ${TIMINGS.carouselAnimationMs}ms ease` : 'none'}
          css={{ '@media (prefers-reduced-motion: reduce)': { transition: 'none' } }}
          data-testid="carousel-track"
        >
          {positions.map((p) => {
            const visible = !loops || (p >= start && p < start + perView);
            const sample = samples[mod(p, count)];
            return (
              <Box key={p} flex={`0 0 ${cardWidth}`} maxW={cardWidth} px="2" data-visible={visible}>
                <SampleCard sample={sample} hidden={!visible} onAnnotation={() => onAnnotation(sample)} />
              </Box>
            );
          })}
        </HStack>
      </Box>
      {loops ? (
        <HStack justify="center" gap="4" mt="4">
          <IconButton aria-label="Предыдущий пример" variant="outline" rounded="full" onClick={() => step(-1)}>
            <ChevronLeftIcon />
          </IconButton>
          <Text fontSize="sm" color="fg.muted" aria-live="polite" minW="16" textAlign="center">
            {mod(start, count) + 1} из {count}
          </Text>
          <IconButton aria-label="Следующий пример" variant="outline" rounded="full" onClick={() => step(1)}>
            <ChevronRightIcon />
          </IconButton>
        </HStack>
      ) : null}
    </Box>
  );
}
