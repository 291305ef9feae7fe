/** E-mail verification: the address comes from the registration (or login) step in this tab. */
import { Text } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import { AppLink } from '@/components/app-link';
import { readStored, STORAGE } from '@/lib/storage';
import { useResendVerificationMutation } from '../api/resend-verification';
import { useVerifyEmailMutation } from '../api/verify-email';
import { CodeForm } from './code-form';

export function VerifyEmail({ notice }: { notice?: string | null }) {
  const navigate = useNavigate();
  const verify = useVerifyEmailMutation();
  const resend = useResendVerificationMutation();
  return (
    <CodeForm
      email={readStored(STORAGE.email)}
      notice={notice}
      verify={(code) => verify.mutateAsync({ body: { code } })}
      onVerified={() => void navigate('/login', { state: { notice: 'Почта подтверждена. Теперь вы можете войти.' } })}
      resend={(email) => resend.mutateAsync({ body: { email } })}
      verifyPending={verify.isPending}
      resendPending={resend.isPending}
      links={
        <>
          <Text>
            <AppLink to="/register">Изменить почту</AppLink>
          </Text>
          <Text>
            Уже подтвердили? <AppLink to="/login">Войти</AppLink>
          </Text>
        </>
      }
    />
  );
}
