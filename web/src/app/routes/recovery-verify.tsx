import { AuthCard } from '@/components/auth-card';
import { RecoveryVerify } from '@/features/auth/components/recovery-verify';
import { useTitle } from '@/lib/use-title';

export function Component() {
  useTitle('Восстановление пароля');
  return (
    <AuthCard title="Введите код">
      <RecoveryVerify />
    </AuthCard>
  );
}
