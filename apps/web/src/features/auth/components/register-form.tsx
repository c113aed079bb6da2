import { MIN_PASSWORD_LENGTH } from '@lumiskin/contract/constants';
import { AuthMessages } from '@lumiskin/contract/messages';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Field, FieldError, fieldAria } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { paths, safeRedirect } from '@/config/paths';
import { useRegister } from '@/features/auth/api/register';
import { ServerErrorAlert, useAuthFormErrors } from '@/features/auth/components/form-errors';
import type { RegisterFormValues } from '@/features/auth/components/form-schemas';
import { PasswordInput } from '@/components/password-input';
import { lazyResolver } from '@/lib/lazy-resolver';
import { useHydrated } from '@/lib/use-hydrated';

export const TERMS_REQUIRED = 'Please accept the Terms of Service and Privacy Policy';

const schema = lazyResolver<RegisterFormValues>(
  async () => (await import('@/features/auth/components/form-schemas')).registerResolver,
);

const linkClass = 'font-semibold text-primary-text underline-offset-4 hover:underline';

export function RegisterForm() {
  // Sign-in is server-rendered: no submit before the app handles it (fields never go in the URL).
  const hydrated = useHydrated();
  const navigate = useNavigate();
  // ?redirect=/scan from the landing's "Start AI Scan": only a path on this site is followed.
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect');
  const destination = safeRedirect(redirect, paths.dashboard.href);
  const registerAccount = useRegister();
  const errorsReport = useAuthFormErrors(AuthMessages.registrationFailed);

  const {
    register,
    handleSubmit,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<RegisterFormValues>({
    resolver: schema.resolver,
    defaultValues: { name: '', email: '', password: '', confirmPassword: '', acceptTerms: false },
  });

  const onSubmit = handleSubmit(async ({ name, email, password, confirmPassword }) => {
    errorsReport.clear();
    try {
      await registerAccount.mutateAsync({ name, email, password, confirmPassword });
      toast.success(`${AuthMessages.registerSuccess} ${AuthMessages.confirmationMailed(email)}`);
      await navigate(destination, { replace: true });
    } catch (error) {
      errorsReport.fail(error);
    }
  }, errorsReport.onInvalid);

  const termsError = errors.acceptTerms?.message;

  return (
    <form onSubmit={onSubmit} onFocus={schema.preload} noValidate className="grid gap-5">
      <ServerErrorAlert message={errorsReport.serverError} />

      <Field id="register-name" label="Full name" error={errors.name?.message}>
        <Input
          id="register-name"
          autoComplete="name"
          placeholder="Ada Lovelace"
          {...fieldAria('register-name', errors.name?.message)}
          {...register('name')}
        />
      </Field>

      <Field id="register-email" label="Email" error={errors.email?.message}>
        <Input
          id="register-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          {...fieldAria('register-email', errors.email?.message)}
          {...register('email')}
        />
      </Field>

      <Field id="register-password" label="Password" error={errors.password?.message}>
        <PasswordInput
          id="register-password"
          autoComplete="new-password"
          placeholder={`At least ${MIN_PASSWORD_LENGTH} characters`}
          {...fieldAria('register-password', errors.password?.message)}
          {...register('password')}
        />
      </Field>

      <Field id="register-confirm" label="Confirm password" error={errors.confirmPassword?.message}>
        <Input
          id="register-confirm"
          type="password"
          autoComplete="new-password"
          placeholder="Type it once more"
          {...fieldAria('register-confirm', errors.confirmPassword?.message)}
          {...register('confirmPassword')}
        />
      </Field>

      <div className="grid gap-2">
        <div className="flex items-start gap-3">
          <Checkbox
            id="register-terms"
            className="mt-0.5"
            checked={watch('acceptTerms')}
            onCheckedChange={(checked) =>
              setValue('acceptTerms', checked === true, {
                shouldValidate: termsError !== undefined,
              })
            }
            {...fieldAria('register-terms', termsError)}
          />
          <Label
            htmlFor="register-terms"
            className="leading-snug font-normal text-muted-foreground"
          >
            <span>
              I agree to the{' '}
              <Link to={paths.terms.href} className={linkClass}>
                Terms of Service
              </Link>{' '}
              and{' '}
              <Link to={paths.privacy.href} className={linkClass}>
                Privacy Policy
              </Link>
            </span>
          </Label>
        </div>
        {termsError ? <FieldError id="register-terms-error">{termsError}</FieldError> : null}
      </div>

      <Button type="submit" size="lg" disabled={isSubmitting || !hydrated} className="w-full">
        {isSubmitting ? 'Creating account...' : 'Create account'}
      </Button>

      <p className="text-center text-sm text-muted-foreground">
        Already have an account?{' '}
        <Link
          to={
            destination === paths.dashboard.href
              ? paths.login.href
              : paths.login.withRedirect(destination)
          }
          className={linkClass}
        >
          Sign in
        </Link>
      </p>
    </form>
  );
}
