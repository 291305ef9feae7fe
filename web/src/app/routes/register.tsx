import { AuthCard } from '@/components/auth-card';
import { RegisterForm } from '@/features/auth/components/register-form';
import { useTitle } from '@/lib/use-title';

export function Component() {
  useTitle('Регистрация');
  return (
    <AuthCard title="Регистрация">
      <RegisterForm />
    </AuthCard>
  );
}
