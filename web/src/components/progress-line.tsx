/** An order's progress (a generation, a defence kit): the bar and its percentage beside it (`label` names the bar for screen readers). */
import { HStack, Progress } from '@chakra-ui/react';

export function ProgressLine({ value, label }: { value: number; label: string }) {
  return (
    <Progress.Root value={value} max={100} colorPalette="blue" size="lg">
      <HStack gap="4">
        <Progress.Track flex="1" aria-label={`${label}: ${value}%`}>
          <Progress.Range />
        </Progress.Track>
        <Progress.ValueText minW="10" textAlign="end">
          {value}%
        </Progress.ValueText>
      </HStack>
    </Progress.Root>
  );
}
