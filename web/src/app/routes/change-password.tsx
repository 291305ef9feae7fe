import { AuthCard } from '@/components/auth-card';
import { ChangePasswordForm } from '@/features/account/components/change-password-form';
import { useTitle } from '@/lib/use-title';

export function Component() {
  useTitle('Смена пароля');
  return (
    <AuthCard title="Смена пароля">
      <ChangePasswordForm />
    </AuthCard>
  );
}
