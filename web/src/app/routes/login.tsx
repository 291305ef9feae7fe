import { useLocation } from 'react-router-dom';
import { AuthCard } from '@/components/auth-card';
import { LoginForm } from '@/features/auth/components/login-form';
import { useTitle } from '@/lib/use-title';

export function Component() {
  useTitle('Вход');
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  return (
    <AuthCard title="Вход">
      <LoginForm notice={notice} />
    </AuthCard>
  );
}
