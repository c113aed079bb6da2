import { ShieldCheckIcon } from 'lucide-react';
import { PlaceholderPage } from '@/components/placeholder-page';

export default function PrivacyRoute() {
  return (
    <PlaceholderPage
      icon={ShieldCheckIcon}
      title="Privacy Policy"
      description="How Lumiskin keeps your photos and skin data private will be explained here, in plain English."
    />
  );
}
