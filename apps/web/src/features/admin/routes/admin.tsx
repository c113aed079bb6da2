import { ShieldIcon } from 'lucide-react';
import { PlaceholderPage } from '@/components/placeholder-page';

export default function AdminRoute() {
  return (
    <PlaceholderPage
      icon={ShieldIcon}
      title="Admin area"
      description="Tools for admins and moderators will appear here."
    />
  );
}
