/** Password recovery, step 3: the new password. Every session of the account ends. */
import { Button, Text } from '@chakra-ui/react';
import { forms } from '@app/contract';
import { useNavigate } from 'react-router-dom';
import { AppLink } from '@/components/app-link';
import { FormAlert } from '@/components/form-alert';
import { FormStack } from '@/components/form-stack';
import { NewPasswordFields } from '@/components/new-password-fields';
import { detailOf, errorText, statusOf } from '@/lib/errors';
import { useZodForm } from '@/lib/form';
import { PASSWORD_CHANGED } from '@/lib/notices';
import { useRecoveryUpdateMutation } from '../api/recovery-update';

export function RecoveryUpdateForm() {
  const navigate = useNavigate();
  const form = useZodForm(forms.newPasswordForm, { password: '', password_confirm: '' });
  const update = useRecoveryUpdateMutation();

  const onSubmit = form.handleSubmit((values) => {
    update.mutate(
      { body: { password: values.password } },
      {
        onSuccess: () => void navigate('/login', { state: { notice: PASSWORD_CHANGED } }),
        onError: (error) => form.setFormError((statusOf(error) === 400 && detailOf(error)) || errorText(error)),
      },
    );
  });

  return (
    <FormStack onSubmit={onSubmit}>
      <NewPasswordFields values={form.values} error={form.error} onChange={form.set} onBlur={form.blur} />
      {form.formError ? <FormAlert>{form.formError}</FormAlert> : null}
      <Button type="submit" colorPalette="blue" loading={update.isPending}>
        Сохранить пароль
      </Button>
      <Text fontSize="sm">
        <AppLink to="/login">Вернуться ко входу</AppLink>
      </Text>
    </FormStack>
  );
}
