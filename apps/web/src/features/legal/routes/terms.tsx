import { ScrollTextIcon } from 'lucide-react';
import { PlaceholderPage } from '@/components/placeholder-page';

export default function TermsRoute() {
  return (
    <PlaceholderPage
      icon={ScrollTextIcon}
      title="Terms of Service"
      description="The terms that cover your Lumiskin account, your scans and your purchases will be published here."
    />
  );
}
