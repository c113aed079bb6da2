import { LockIcon } from 'lucide-react';
import { PlaceholderPage } from '@/components/placeholder-page';

export function ForbiddenPage() {
  return (
    <PlaceholderPage
      icon={LockIcon}
      eyebrow="Error 403"
      title="This area is for the Lumiskin team"
      description="Your account does not have access to this page. If you think it should, ask an admin."
    />
  );
}
