import { EyeIcon, EyeOffIcon } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';

/** A password field with a show/hide button ('Show password' / 'Hide password'). */
export function PasswordInput({ className, id, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  const [isVisible, setIsVisible] = useState(false);
  return (
    <div className="relative">
      <Input
        id={id}
        type={isVisible ? 'text' : 'password'}
        className={cn('pr-12', className)}
        {...props}
      />
      <button
        type="button"
        onClick={() => setIsVisible((v) => !v)}
        aria-label={isVisible ? 'Hide password' : 'Show password'}
        aria-controls={id}
        className="absolute inset-y-0 right-0 inline-flex w-11 cursor-pointer items-center justify-center rounded-r-xl text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
      >
        {isVisible ? (
          <EyeOffIcon className="size-4.5" aria-hidden />
        ) : (
          <EyeIcon className="size-4.5" aria-hidden />
        )}
      </button>
    </div>
  );
}
