import { HistoryIcon } from 'lucide-react';
import { PlaceholderPage } from '@/components/placeholder-page';

export default function HistoryRoute() {
  return (
    <PlaceholderPage
      icon={HistoryIcon}
      title="Scan history"
      description="Every scan you take will be listed here, with how each score changed since the last one."
    />
  );
}
