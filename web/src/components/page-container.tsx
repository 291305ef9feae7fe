import { Container, type ContainerProps } from '@chakra-ui/react';

/** The content column of pages with the shared layout. */
export function PageContainer(props: ContainerProps) {
  return <Container maxW="6xl" py={{ base: '6', md: '10' }} px={{ base: '4', md: '6' }} {...props} />;
}
