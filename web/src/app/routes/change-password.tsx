import { AuthCard } from '@/components/AuthCard';
import { ChangePasswordForm } from '@/features/account/components/ChangePasswordForm';
import { useTitle } from '@/lib/use-title';

export function Component() {
  useTitle('Смена пароля');
  return (
    <AuthCard title="Смена пароля">
      <ChangePasswordForm />
    </AuthCard>
  );
}
