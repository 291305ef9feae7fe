/** New password and its confirmation (recovery and change password). */
import { FormField } from './form-field';
import { PasswordInput } from './password-input';

interface Props {
  values: { password: string; password_confirm: string };
  error: (key: 'password' | 'password_confirm') => string | undefined;
  onChange: (key: 'password' | 'password_confirm', value: string) => void;
  onBlur: (key: 'password' | 'password_confirm') => void;
}

export function NewPasswordFields({ values, error, onChange, onBlur }: Props) {
  return (
    <>
      <FormField label="Новый пароль" error={error('password')}>
        <PasswordInput
          name="password"
          autoComplete="new-password"
          value={values.password}
          onChange={(e) => onChange('password', e.target.value)}
          onBlur={() => onBlur('password')}
        />
      </FormField>
      <FormField label="Подтвердите пароль" error={error('password_confirm')}>
        <PasswordInput
          name="password_confirm"
          autoComplete="new-password"
          value={values.password_confirm}
          onChange={(e) => onChange('password_confirm', e.target.value)}
          onBlur={() => onBlur('password_confirm')}
        />
      </FormField>
    </>
  );
}
