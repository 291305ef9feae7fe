/** Password recovery, step 2: the code sent to the address of step 1. */
import { Text } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import { AppLink } from '@/components/app-link';
import { readStored, STORAGE } from '@/lib/storage';
import { useRecoveryResendMutation } from '../api/recovery-resend';
import { useRecoveryVerifyMutation } from '../api/recovery-verify';
import { CodeForm } from './code-form';

export function RecoveryVerify() {
  const navigate = useNavigate();
  const verify = useRecoveryVerifyMutation();
  const resend = useRecoveryResendMutation();
  return (
    <CodeForm
      email={readStored(STORAGE.recoveryEmail)}
      verify={(code) => verify.mutateAsync({ body: { code } })}
      onVerified={() => void navigate('/recovery-update')}
      resend={(email) => resend.mutateAsync({ body: { email } })}
      verifyPending={verify.isPending}
      resendPending={resend.isPending}
      links={
        <>
          <Text>
            <AppLink to="/recovery-request">Изменить почту</AppLink>
          </Text>
          <Text>
            Вспомнили пароль? <AppLink to="/login">Войти</AppLink>
          </Text>
        </>
      }
    />
  );
}
