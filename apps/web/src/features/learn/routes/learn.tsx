import { BookOpenIcon } from 'lucide-react';
import { PlaceholderPage } from '@/components/placeholder-page';

export default function LearnRoute() {
  return (
    <PlaceholderPage
      icon={BookOpenIcon}
      title="Learn & Glow"
      description="Short, kind, evidence-based articles about skin are on their way."
    />
  );
}
