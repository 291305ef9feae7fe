import { Center, Spinner, Text, VStack } from '@chakra-ui/react';

/** Covers the page while something the whole page depends on loads. */
export function FullPageLoader({ text = 'Загрузка…' }: { text?: string }) {
  return (
    <Center minH="100dvh" role="status" aria-live="polite">
      <VStack gap="3">
        <Spinner size="xl" color="blue.600" borderWidth="3px" />
        <Text color="fg.muted">{text}</Text>
      </VStack>
    </Center>
  );
}
