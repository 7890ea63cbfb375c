import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { AuthResponse } from '../../../../contract/auth';
import { notify } from '../../../lib/notify';
import { useSessionStore } from '../../../stores/session-store';
import { authTexts } from '../texts';
import { hasErrors } from '../validation';
import type { FieldErrors } from '../validation';

/**
 * What every registration form does once its own checks pass: send, sign in, greet and go
 * home with the `register` marker (SPEC.md section 4); a refusal lands on the field it names
 * (`fieldOfMessage`) or above the form.
 */
export function useRegistration<Field extends string>(
  fieldOfMessage: Record<string, Field>,
  fallback: string,
) {
  const navigate = useNavigate();
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** Shows the form's own findings; false when there are any (nothing is sent). */
  function accept(found: FieldErrors<Field>): boolean {
    setErrors(found);
    setFormError(null);
    return !hasErrors(found);
  }

  async function send(request: () => Promise<AuthResponse>) {
    setBusy(true);
    try {
      await useSessionStore.getState().signIn(await request(), 'register');
      notify.success(authTexts.registerSuccess);
      navigate('/', { replace: true, state: { marker: 'register' } });
    } catch (error) {
      const message = error instanceof Error ? error.message : fallback;
      const target = fieldOfMessage[message];
      if (target) setErrors({ [target]: message } as FieldErrors<Field>);
      else setFormError(message);
      setBusy(false);
    }
  }

  return { errors, setErrors, formError, busy, accept, send };
}
