import { UserRoundIcon } from 'lucide-react';
import { PlaceholderPage } from '@/components/placeholder-page';

export default function ProfileRoute() {
  return (
    <PlaceholderPage
      icon={UserRoundIcon}
      title="Your profile"
      description="Your skin type, concerns and settings will live here."
    />
  );
}
