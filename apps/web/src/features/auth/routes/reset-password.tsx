import { KeyRoundIcon } from 'lucide-react';
import { PlaceholderPage } from '@/components/placeholder-page';

export default function ResetPasswordRoute() {
  return (
    <PlaceholderPage
      icon={KeyRoundIcon}
      title="Choose a new password"
      description="Reset links are not sent yet; this is where you will set a new password once they are."
    />
  );
}
