import { FileSearchIcon } from 'lucide-react';
import { PlaceholderPage } from '@/components/placeholder-page';

export default function AnalysisRoute() {
  return (
    <PlaceholderPage
      icon={FileSearchIcon}
      eyebrow="Full analysis"
      title="Your scan, in detail"
      description="The full report of one scan — each zone, each score and what to do next — will open here."
    />
  );
}
