import { AuthCard } from '@/components/AuthCard';
import { RecoveryRequestForm } from '@/features/auth/components/RecoveryRequestForm';
import { useTitle } from '@/lib/use-title';

export function Component() {
  useTitle('Восстановление пароля');
  return (
    <AuthCard title="Восстановление пароля">
      <RecoveryRequestForm />
    </AuthCard>
  );
}
