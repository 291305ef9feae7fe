/** Read-only stars; a fractional value fills the last star partly (4.3 fills 30% of the fifth). */
import { HStack, Box } from '@chakra-ui/react';

const STAR = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';

function Star({ fill, size }: { fill: number; size: string }) {
  return (
    <Box position="relative" boxSize={size} flexShrink={0}>
      <svg viewBox="0 0 24 24" width="100%" height="100%" aria-hidden="true">
        <path d={STAR} fill="#d1d5db" />
      </svg>
      <Box position="absolute" inset="0" overflow="hidden" width={`${Math.round(fill * 100)}%`}>
        <svg viewBox="0 0 24 24" height="100%" style={{ width: size, minWidth: size }} aria-hidden="true">
          <path d={STAR} fill="#d97706" />
        </svg>
      </Box>
    </Box>
  );
}

export function Stars({ value, max = 5, size = '5', label }: { value: number; max?: number; size?: string; label: string }) {
  return (
    <HStack gap="0.5" role="img" aria-label={label}>
      {Array.from({ length: max }, (_, i) => (
        <Star key={i} fill={Math.min(1, Math.max(0, value - i))} size={`var(--chakra-sizes-${size})`} />
      ))}
    </HStack>
  );
}
