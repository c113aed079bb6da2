import { TrophyIcon } from 'lucide-react';
import { PlaceholderPage } from '@/components/placeholder-page';

export default function QuizHubRoute() {
  return (
    <PlaceholderPage
      icon={TrophyIcon}
      title="Quiz & Games"
      description="Daily questions, streaks and badges that make you a skin-care expert are coming soon."
    />
  );
}
