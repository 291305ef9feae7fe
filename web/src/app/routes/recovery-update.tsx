import { AuthCard } from '@/components/auth-card';
import { RecoveryUpdateForm } from '@/features/auth/components/recovery-update-form';
import { useTitle } from '@/lib/use-title';

export function Component() {
  useTitle('Новый пароль');
  return (
    <AuthCard title="Новый пароль">
      <RecoveryUpdateForm />
    </AuthCard>
  );
}
