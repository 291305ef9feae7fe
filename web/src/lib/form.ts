/** A small form state hook driven by the contract's zod schemas, so the web shows exactly the
 * messages the API would send. A field shows its error once touched (blurred) or after a submit. */
import { useState } from 'react';
import { V } from '@app/contract';
import type { ZodType } from 'zod';

export type FieldErrors<T> = Partial<Record<keyof T & string, string>>;

function firstErrors<T>(schema: ZodType, values: T): FieldErrors<T> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '');
    errors[key] ??= issue.message;
  }
  return errors as FieldErrors<T>;
}

/** zod runs an object's refinements only when every field is valid; show a confirmation mismatch
 * as soon as both passwords are typed. */
function confirmationError<T>(values: T, errors: FieldErrors<T>, message: string): FieldErrors<T> {
  const v = values as { password?: unknown; password_confirm?: unknown };
  if (typeof v.password_confirm !== 'string' || v.password_confirm === '' || v.password === v.password_confirm) return errors;
  return { password_confirm: message, ...errors } as FieldErrors<T>;
}

export function useZodForm<T extends Record<string, unknown>>(schema: ZodType, initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof T, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  // Errors the server reported for a field; cleared when the user edits that field.
  const [serverErrors, setServerErrors] = useState<FieldErrors<T>>({});
  // An error about the whole form (the server's answer), shown under the fields.
  const [formError, setFormError] = useState<string | null>(null);

  const clientErrors = confirmationError(values, firstErrors(schema, values), V.passwordsMustMatch);
  function submit(): T | null {
    setSubmitted(true);
    const result = schema.safeParse(values);
    return result.success ? (result.data as T) : null;
  }

  const visible = (key: keyof T & string): string | undefined =>
    serverErrors[key] ?? (submitted || touched[key] ? clientErrors[key] : undefined);

  return {
    values,
    isValid: Object.keys(clientErrors).length === 0,
    error: visible,
    set<K extends keyof T & string>(key: K, value: T[K]) {
      setValues((v) => ({ ...v, [key]: value }));
      setServerErrors((e) => ({ ...e, [key]: undefined }));
    },
    blur(key: keyof T & string) {
      setTouched((t) => ({ ...t, [key]: true }));
    },
    /** The props that wire a text input to a string field. */
    text(key: keyof T & string) {
      return {
        name: key,
        value: String(values[key] ?? ''),
        onChange: (e: { target: { value: string } }) => {
          setValues((v) => ({ ...v, [key]: e.target.value }));
          setServerErrors((errs) => ({ ...errs, [key]: undefined }));
        },
        onBlur: () => setTouched((t) => ({ ...t, [key]: true })),
      };
    },
    setServerErrors,
    formError,
    setFormError,
    /** Marks the form submitted; returns the parsed values when valid. */
    submit,
    /** The form's submit handler: clears the form error, and calls `handler` with the parsed
     * values when they are valid (otherwise the fields show their errors). */
    handleSubmit(handler: (values: T) => void | Promise<void>) {
      return (event: React.FormEvent) => {
        event.preventDefault();
        setFormError(null);
        const parsed = submit();
        if (parsed) void handler(parsed);
      };
    },
    reset(next: T) {
      setValues(next);
      setTouched({});
      setSubmitted(false);
      setServerErrors({});
      setFormError(null);
    },
  };
}
