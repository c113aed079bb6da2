import type { User } from '@lumiskin/contract/auth';
import { isStaff } from '@lumiskin/contract/constants';
import { AuthMessages } from '@lumiskin/contract/messages';
import { LogInIcon, SparklesIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Field, fieldAria } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { paths, safeRedirect, type LoginPageState } from '@/config/paths';
import { lazyResolver } from '@/lib/lazy-resolver';
import { useHydrated } from '@/lib/use-hydrated';
import { getItem, REMEMBERED_EMAIL_KEY, setItem } from '@/lib/platform/storage';
import { useLogin } from '@/features/auth/api/login';
import { ServerErrorAlert, useAuthFormErrors } from '@/features/auth/components/form-errors';
import type { LoginFormValues } from '@/features/auth/components/form-schemas';
import { PasswordInput } from '@/components/password-input';

export const DEMO_CREDENTIALS = { email: 'demo@lumiskin.app', password: 'glow-demo-2026' } as const;

const schema = lazyResolver<LoginFormValues>(
  async () => (await import('@/features/auth/components/form-schemas')).loginResolver,
);

/** Where a signed-in person goes: staff to /admin (decision 004), others back where they were. */
export function destinationAfterLogin(user: User, redirect: string | null): string {
  if (isStaff(user.role)) return paths.admin.href;
  return safeRedirect(redirect, paths.dashboard.href);
}

export function LoginForm() {
  // Sign-in is server-rendered: no submit before the app handles it (fields never go in the URL).
  const hydrated = useHydrated();
  const navigate = useNavigate();
  // A 401 on a signed-in page brought the browser here (app/router): say so.
  const sessionEnded = (useLocation().state as LoginPageState | null)?.sessionEnded === true;
  const [searchParams] = useSearchParams();
  const login = useLogin();
  const errorsReport = useAuthFormErrors(AuthMessages.loginFailed);
  const rememberedEmail = getItem(REMEMBERED_EMAIL_KEY);
  const prefilledEmail = searchParams.get('email')?.trim() ?? '';

  const {
    register,
    handleSubmit,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<LoginFormValues>({
    resolver: schema.resolver,
    defaultValues: {
      // After a password reset the page arrives with ?email=: the account just reset.
      email: prefilledEmail || rememberedEmail || '',
      password: '',
      rememberMe: rememberedEmail !== null,
    },
  });

  const onSubmit = handleSubmit(async ({ email, password, rememberMe }) => {
    errorsReport.clear();
    try {
      const { user } = await login.mutateAsync({ email, password });
      // "Remember me" keeps the email for the next visit; the session itself always persists (docs/product-rules.md#session).
      setItem(REMEMBERED_EMAIL_KEY, rememberMe ? email : null);
      if (isStaff(user.role)) toast.success(AuthMessages.adminLoginSuccess);
      else toast.success(AuthMessages.loginSuccess);
      await navigate(destinationAfterLogin(user, searchParams.get('redirect')), {
        replace: true,
      });
    } catch (error) {
      errorsReport.fail(error);
    }
  }, errorsReport.onInvalid);

  const fillDemo = () => {
    setValue('email', DEMO_CREDENTIALS.email, { shouldValidate: true });
    setValue('password', DEMO_CREDENTIALS.password, { shouldValidate: true });
  };

  return (
    <form onSubmit={onSubmit} onFocus={schema.preload} noValidate className="grid gap-5">
      {sessionEnded ? (
        <Alert role="status" className="items-center">
          <LogInIcon aria-hidden />
          <p className="min-w-0 flex-1 leading-snug">{AuthMessages.sessionEnded}</p>
        </Alert>
      ) : null}

      <Alert variant="info" className="flex-wrap items-center">
        <SparklesIcon aria-hidden />
        <div className="min-w-0 flex-1 leading-snug">
          <p className="font-semibold">Try the demo account</p>
          <p className="mt-0.5 opacity-90">
            <span className="whitespace-nowrap">{DEMO_CREDENTIALS.email}</span> ·{' '}
            <span className="whitespace-nowrap">{DEMO_CREDENTIALS.password}</span>
          </p>
        </div>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={fillDemo}
          className="-my-1 -mr-2 text-primary-text"
        >
          Use demo
        </Button>
      </Alert>

      <ServerErrorAlert message={errorsReport.serverError} />

      <Field id="login-email" label="Email" error={errors.email?.message}>
        <Input
          id="login-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          {...fieldAria('login-email', errors.email?.message)}
          {...register('email')}
        />
      </Field>

      <Field
        id="login-password"
        label="Password"
        error={errors.password?.message}
        labelAside={
          <Link
            to={paths.forgotPassword.href}
            className="rounded-sm text-sm font-medium text-primary-text underline-offset-4 hover:underline"
          >
            Forgot password?
          </Link>
        }
      >
        <PasswordInput
          id="login-password"
          autoComplete="current-password"
          placeholder="Your password"
          {...fieldAria('login-password', errors.password?.message)}
          {...register('password')}
        />
      </Field>

      <div className="flex items-center gap-3">
        <Checkbox
          id="login-remember"
          checked={watch('rememberMe')}
          onCheckedChange={(checked) => setValue('rememberMe', checked === true)}
        />
        <Label
          htmlFor="login-remember"
          className="cursor-pointer font-normal text-muted-foreground"
        >
          Remember me
        </Label>
      </div>

      <Button type="submit" size="lg" disabled={isSubmitting || !hydrated} className="w-full">
        {isSubmitting ? 'Signing in...' : 'Sign in'}
      </Button>

      <p className="text-center text-sm text-muted-foreground">
        New to Lumiskin?{' '}
        <Link
          to={
            searchParams.get('redirect')
              ? paths.register.withRedirect(
                  safeRedirect(searchParams.get('redirect'), paths.dashboard.href),
                )
              : paths.register.href
          }
          className="font-semibold text-primary-text underline-offset-4 hover:underline"
        >
          Create an account
        </Link>
      </p>
    </form>
  );
}
