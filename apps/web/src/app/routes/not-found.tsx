import { CompassIcon } from 'lucide-react';
import { PlaceholderPage } from '@/components/placeholder-page';

export default function NotFoundRoute() {
  return (
    <PlaceholderPage
      icon={CompassIcon}
      eyebrow="Error 404"
      title="Page not found"
      description="The page you are looking for has moved or never existed. Let's get you back on track."
    />
  );
}
