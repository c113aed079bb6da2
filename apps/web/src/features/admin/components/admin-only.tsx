import { LockIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { useAuth } from '@/lib/api/auth';

/** A screen only an admin may use; a moderator sees why instead (the server refuses them too). */
export function AdminOnly({ what, children }: { what: string; children: ReactNode }) {
  const { user } = useAuth();
  if (user?.role === 'admin') return children;
  return (
    <Alert role="status">
      <LockIcon aria-hidden />
      <p>Only an admin can {what}.</p>
    </Alert>
  );
}
