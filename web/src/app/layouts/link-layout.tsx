/** The frame of a supervisor's link (/s/:token): the logo and the footer, no account, no session,
 * no menu. Loaded with its page only. */
import { Box, Container, HStack } from '@chakra-ui/react';
import { Logo } from '@/components/logo';

export function LinkLayout({ children }: { children: React.ReactNode }) {
  return (
    <>
      <HStack as="header" bg="white" borderBottomWidth="1px" borderColor="gray.200">
        <Container maxW="6xl" py="3" px={{ base: '4', md: '6' }}>
          <Logo />
        </Container>
      </HStack>
      <Box as="main" flex="1" display="flex" flexDirection="column">
        {children}
      </Box>
    </>
  );
}
