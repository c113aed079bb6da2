import { TimerIcon } from 'lucide-react';
import { useParams } from 'react-router';
import { PlaceholderPage } from '@/components/placeholder-page';

/** /quiz/:quizType and /quiz/:quizType/:categoryId (spec §2). */
export default function QuizPlayerRoute() {
  const { quizType, categoryId } = useParams();
  const title = quizType === 'daily' ? 'Daily challenge' : categoryId ? 'Category quiz' : 'Quiz';
  return (
    <PlaceholderPage
      icon={TimerIcon}
      eyebrow="Quiz & Games"
      title={title}
      description="Five quick questions, points for every right answer and a streak to keep — opening soon."
    />
  );
}
