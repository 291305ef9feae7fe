/** /papers/{paperId}/revisions: a purchased paper's versions and revision rounds, and a new round. */
import { useParams } from 'react-router-dom';
import { PageContainer } from '@/components/page-container';
import { RevisionsView } from '@/features/revisions/components/revisions-view';
import { useTitle } from '@/lib/use-title';

export function Component() {
  useTitle('Доработка работы');
  const paperId = Number(useParams().paperId);
  return (
    <PageContainer>
      <RevisionsView paperId={paperId} />
    </PageContainer>
  );
}
