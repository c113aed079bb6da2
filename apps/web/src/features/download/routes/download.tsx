import { SmartphoneIcon } from 'lucide-react';
import { PlaceholderPage } from '@/components/placeholder-page';

export default function DownloadRoute() {
  return (
    <PlaceholderPage
      icon={SmartphoneIcon}
      title="Get the Lumiskin app"
      description="The Android app with native camera and reminders will be ready to download here soon."
    />
  );
}
