/** Change password. Success ends every session, this one included, so the user is signed out. */
import { Button, Text } from '@chakra-ui/react';
import { E, forms } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { AppLink } from '@/components/app-link';
import { FormAlert } from '@/components/form-alert';
import { FormStack } from '@/components/form-stack';
import { NewPasswordFields } from '@/components/new-password-fields';
import { signOutLocally } from '@/lib/session-store';
import { codeOf } from '@/lib/errors';
import { useZodForm } from '@/lib/form';
import { PASSWORD_CHANGED } from '@/lib/notices';
import { useChangePasswordMutation } from '../api/change-password';

export function ChangePasswordForm() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const form = useZodForm(forms.newPasswordForm, { password: '', password_confirm: '' });
  const change = useChangePasswordMutation();

  const onSubmit = form.handleSubmit((values) => {
    change.mutate(
      { body: { password: values.password } },
      {
        // Every session has ended, this one too: sign out and go to the main page.
        onSuccess: () => {
          const to = { path: '/', notice: PASSWORD_CHANGED };
          signOutLocally(client, to);
          void navigate(to.path, { state: { notice: to.notice } });
        },
        onError: (error) => form.setFormError(codeOf(error) === 'same_password' ? E.samePassword : E.changePasswordFailed),
      },
    );
  });

  return (
    <FormStack onSubmit={onSubmit}>
      <Text>После смены пароля вы выйдете из аккаунта на всех устройствах.</Text>
      <NewPasswordFields values={form.values} error={form.error} onChange={form.set} onBlur={form.blur} />
      {form.formError ? <FormAlert>{form.formError}</FormAlert> : null}
      <Button type="submit" colorPalette="blue" loading={change.isPending}>
        Сменить пароль
      </Button>
      <Text fontSize="sm">
        <AppLink to="/">На главную</AppLink>
      </Text>
    </FormStack>
  );
}
