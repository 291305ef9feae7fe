import { useLocation } from 'react-router-dom';
import { AuthCard } from '@/components/AuthCard';
import { LoginForm } from '@/features/auth/components/LoginForm';
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
