import { Stack } from '@chakra-ui/react';
import { PageContainer } from '@/components/page-container';
import { Banner } from '@/features/landing/components/banner';
import { Faq } from '@/features/landing/components/faq';
import { Samples } from '@/features/landing/components/samples';
import { useTitle } from '@/lib/use-title';

export function Component() {
  useTitle('Дипломные работы по ГОСТ с помощью ИИ');
  return (
    <>
      <Banner />
      <PageContainer>
        <Stack gap={{ base: '12', md: '16' }}>
          <Samples />
          <Faq />
        </Stack>
      </PageContainer>
    </>
  );
}
