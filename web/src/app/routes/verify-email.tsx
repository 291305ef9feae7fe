import { useLocation } from 'react-router-dom';
import { AuthCard } from '@/components/auth-card';
import { VerifyEmail } from '@/features/auth/components/verify-email';
import { useTitle } from '@/lib/use-title';

export function Component() {
  useTitle('Подтверждение почты');
  const notice = (useLocation().state as { notice?: string | null } | null)?.notice;
  return (
    <AuthCard title="Подтверждение почты">
      <VerifyEmail notice={notice} />
    </AuthCard>
  );
}
