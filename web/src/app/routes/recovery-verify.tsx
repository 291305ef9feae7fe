import { AuthCard } from '@/components/AuthCard';
import { RecoveryVerify } from '@/features/auth/components/RecoveryVerify';
import { useTitle } from '@/lib/use-title';

export function Component() {
  useTitle('Восстановление пароля');
  return (
    <AuthCard title="Введите код">
      <RecoveryVerify />
    </AuthCard>
  );
}
