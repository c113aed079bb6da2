import { AuthMessages } from '@lumiskin/contract/messages';
import { AlertCircleIcon } from 'lucide-react';
import { useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api/api-client';

/** An empty field's error's type (form-schemas.ts names what each empty field asks for). */
export const EMPTY_FIELD = 'empty';

/** The first validation message, shown as a toast as well as under the field (docs/product-rules.md#errors-and-messages). */
export function firstError(errors: FieldErrors): string | undefined {
  for (const error of Object.values(errors)) {
    if (error && typeof error.message === 'string') return error.message;
  }
  return undefined;
}

/**
 * How the login and register forms report problems (docs/product-rules.md#errors-and-messages): the server's detail (else
 * `fallback`) inline and as a toast; a validation failure as a toast of its first message.
 */
export function useAuthFormErrors(fallback: string) {
  const [serverError, setServerError] = useState<string | null>(null);
  return {
    serverError,
    clear: () => setServerError(null),
    fail: (error: unknown) => {
      const message = errorMessage(error, fallback);
      setServerError(message);
      toast.error(message);
    },
    onInvalid: (invalid: FieldErrors) => {
      setServerError(null);
      // Any field left empty: the spec's one toast for it; under each field, what it asks for.
      const empty = Object.values(invalid).some((error) => error?.type === EMPTY_FIELD);
      const message = empty ? AuthMessages.fillAllFields : firstError(invalid);
      if (message) toast.error(message);
    },
  };
}

export function ServerErrorAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert variant="destructive" role="alert">
      <AlertCircleIcon aria-hidden />
      <p>{message}</p>
    </Alert>
  );
}
