import { KeyRoundIcon } from 'lucide-react';
import { PlaceholderPage } from '@/components/placeholder-page';

export default function ForgotPasswordRoute() {
  return (
    <PlaceholderPage
      icon={KeyRoundIcon}
      title="Forgot your password?"
      description="Password reset by email is on its way. Until then, contact support and we will help you back in."
    />
  );
}
