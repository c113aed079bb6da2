import { ScanFaceIcon } from 'lucide-react';
import { PlaceholderPage } from '@/components/placeholder-page';

export default function ScanRoute() {
  return (
    <PlaceholderPage
      icon={ScanFaceIcon}
      title="AI Skin Analysis"
      description="Take a photo in good light and Lumiskin will read hydration, oiliness, redness and more, right here."
    />
  );
}
