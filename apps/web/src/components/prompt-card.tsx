import { XIcon, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * The card every prompt shows in (install, reminders, a new version; decision 080): floating at
 * the bottom, an icon, a title, a sentence, its buttons and a close button.
 */
export function PromptCard({
  label,
  icon: Icon,
  title,
  children,
  actions,
  onClose,
}: {
  label: string;
  icon: LucideIcon;
  title: string;
  children: ReactNode;
  actions: ReactNode;
  onClose: () => void;
}) {
  return (
    <section
      aria-label={label}
      className="fixed inset-x-3 bottom-3 z-40 print:hidden mx-auto flex max-w-md items-start gap-3 rounded-2xl border bg-card p-4 text-card-foreground shadow-lg sm:bottom-6"
    >
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-text">
        <Icon className="size-5" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <h2 className="text-sm font-semibold">{title}</h2>
        <p className="mt-0.5 text-sm text-muted-foreground">{children}</p>
        <div className="mt-3 flex gap-2">{actions}</div>
      </div>
      <button
        type="button"
        onClick={onClose}
        aria-label="Close"
        className="rounded-full p-1 text-muted-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
      >
        <XIcon className="size-4" aria-hidden />
      </button>
    </section>
  );
}
