import { AuthCard } from '@/components/AuthCard';
import { RecoveryUpdateForm } from '@/features/auth/components/RecoveryUpdateForm';
import { useTitle } from '@/lib/use-title';

export function Component() {
  useTitle('Новый пароль');
  return (
    <AuthCard title="Новый пароль">
      <RecoveryUpdateForm />
    </AuthCard>
  );
}
