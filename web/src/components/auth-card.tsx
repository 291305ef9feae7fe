/** The frame of the authentication screens (no shared layout): logo, title, content. */
import { Box, Center, Heading, Stack } from '@chakra-ui/react';
import { Logo } from './logo';

export function AuthCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Center as="main" minH="100dvh" px="4" py="10" bg="gray.50">
      <Box w="full" maxW="md" bg="white" borderWidth="1px" borderColor="gray.200" rounded="xl" shadow="sm" p={{ base: '5', sm: '8' }}>
        <Stack gap="6">
          <Logo />
          <Heading as="h1" size="xl">
            {title}
          </Heading>
          {children}
        </Stack>
      </Box>
    </Center>
  );
}
