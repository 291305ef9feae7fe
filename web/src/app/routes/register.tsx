import { AuthCard } from '@/components/AuthCard';
import { RegisterForm } from '@/features/auth/components/RegisterForm';
import { useTitle } from '@/lib/use-title';

export function Component() {
  useTitle('Регистрация');
  return (
    <AuthCard title="Регистрация">
      <RegisterForm />
    </AuthCard>
  );
}
