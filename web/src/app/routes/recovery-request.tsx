import { AuthCard } from '@/components/auth-card';
import { RecoveryRequestForm } from '@/features/auth/components/recovery-request-form';
import { useTitle } from '@/lib/use-title';

export function Component() {
  useTitle('Восстановление пароля');
  return (
    <AuthCard title="Восстановление пароля">
      <RecoveryRequestForm />
    </AuthCard>
  );
}
