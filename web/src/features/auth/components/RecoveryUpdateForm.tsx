/** Password recovery, step 3: the new password. Every session of the account ends. */
import { Button, Text } from '@chakra-ui/react';
import { forms } from '@app/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { AppLink } from '@/components/AppLink';
import { FormAlert } from '@/components/FormAlert';
import { FormStack } from '@/components/FormStack';
import { NewPasswordFields } from '@/components/NewPasswordFields';
import { detailOf, errorText, statusOf } from '@/lib/errors';
import { useZodForm } from '@/lib/form';
import { useRecoveryUpdateMutation } from '../api/recovery-update';

export function RecoveryUpdateForm() {
  const navigate = useNavigate();
  const form = useZodForm(forms.newPasswordForm, { password: '', password_confirm: '' });
  const update = useRecoveryUpdateMutation();
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const values = form.submit();
    if (!values) return;
    update.mutate(
      { body: { password: values.password } },
      {
        onSuccess: () => void navigate('/login', { state: { notice: 'Пароль изменён. Войдите с новым паролем.' } }),
        onError: (error) => setFormError((statusOf(error) === 400 && detailOf(error)) || errorText(error)),
      },
    );
  };

  return (
    <FormStack onSubmit={onSubmit}>
      <NewPasswordFields values={form.values} error={form.error} onChange={form.set} onBlur={form.blur} />
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <Button type="submit" colorPalette="blue" loading={update.isPending}>
        Сохранить пароль
      </Button>
      <Text fontSize="sm">
        <AppLink to="/login">Вернуться ко входу</AppLink>
      </Text>
    </FormStack>
  );
}
