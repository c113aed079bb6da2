import type { QuizResult } from '@lumiskin/contract/quiz';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeftIcon, CircleHelpIcon, RotateCwIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { ApiRequestError, errorMessage } from '@/lib/api/api-client';
import { getCategoryQuiz } from '@/features/quiz/api/get-category-quiz';
import { getDailyQuiz } from '@/features/quiz/api/get-daily-quiz';
import { answerQuestion } from '@/features/quiz/api/answer-question';
import { useSubmitQuiz } from '@/features/quiz/api/submit-quiz';
import { QuizResults } from '@/features/quiz/components/quiz-results';
import { QuizRunner, type QuizAnswers } from '@/features/quiz/components/quiz-runner';

const SUBMIT_FAILED =
  "We couldn't submit your quiz. Your answers are still here — please try again.";

function PlayerSkeleton() {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6" aria-busy="true">
      <Skeleton className="h-8 w-40" />
      <Skeleton className="mt-6 h-2 w-full" />
      <Skeleton className="mt-6 h-80 w-full rounded-2xl" />
    </div>
  );
}

function EmptyState({
  title,
  text,
  onRetry,
}: {
  title: string;
  text: string;
  onRetry?: () => void;
}) {
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center px-4 py-20 text-center">
      <span className="inline-flex size-16 items-center justify-center rounded-2xl bg-primary-soft text-primary-text">
        <CircleHelpIcon className="size-7" aria-hidden />
      </span>
      <h1 className="mt-6 text-h2 font-semibold">{title}</h1>
      <p className="mt-3 text-muted-foreground">{text}</p>
      <div className="mt-8 flex gap-3">
        {onRetry ? (
          <Button variant="outline" onClick={onRetry}>
            <RotateCwIcon aria-hidden /> Try again
          </Button>
        ) : null}
        <Button asChild>
          <Link to={paths.quiz.href}>
            <ArrowLeftIcon aria-hidden /> Back to Quiz Hub
          </Link>
        </Button>
      </div>
    </section>
  );
}

/** /quiz/daily and /quiz/category/{categoryId} (docs/product-rules.md#quiz). */
export default function QuizPlayerRoute() {
  const { quizType, categoryId } = useParams();
  const isDaily = quizType === 'daily' && !categoryId;
  const isCategory = quizType === 'category' && Boolean(categoryId);
  if (!isDaily && !isCategory) return <Navigate to={paths.quiz.href} replace />;
  return (
    <QuizPlayer
      key={`${quizType}/${categoryId ?? ''}`}
      categoryId={isCategory ? categoryId! : null}
    />
  );
}

function QuizPlayer({ categoryId }: { categoryId: string | null }) {
  const navigate = useNavigate();
  const [round, setRound] = useState(0);
  const [result, setResult] = useState<QuizResult | null>(null);
  const submit = useSubmitQuiz();

  // Outside the ['quiz'] keys on purpose: invalidating the hub must never fetch a new draw here.
  const session = useQuery({
    queryKey: ['quiz-play', categoryId ?? 'daily', round],
    queryFn: () => (categoryId ? getCategoryQuiz(categoryId) : getDailyQuiz()),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  // docs/product-rules.md#quiz: a 400 on load (the daily already completed) sends the player back to the hub.
  const loadError = session.error;
  useEffect(() => {
    if (loadError instanceof ApiRequestError && loadError.status === 400) {
      if (loadError.detail) toast.info(loadError.detail);
      void navigate(paths.quiz.href, { replace: true });
    }
  }, [loadError, navigate]);

  function handleSubmit({ answers, timeTaken }: QuizAnswers) {
    const data = session.data;
    if (!data) return;
    submit.mutate(
      {
        quiz_type: data.quiz_type,
        category_id: data.category_id,
        attempt_id: data.attempt_id ?? undefined,
        answers,
        time_taken: timeTaken,
      },
      {
        // A failure is shown on the last question (submitError below), where the player retries.
        onSuccess: (value) => {
          setResult(value);
          window.scrollTo({ top: 0 });
        },
      },
    );
  }

  function retake() {
    setResult(null);
    submit.reset();
    setRound((r) => r + 1);
  }

  if (session.isPending) return <PlayerSkeleton />;
  if (session.isError) {
    if (session.error instanceof ApiRequestError && session.error.status === 400)
      return <PlayerSkeleton />;
    const isMissing = session.error instanceof ApiRequestError && session.error.status === 404;
    return (
      <EmptyState
        title={isMissing ? 'Quiz not found' : 'The quiz did not load'}
        text={
          isMissing
            ? 'That category does not exist. Pick one from the quiz hub.'
            : 'Check your connection and try again.'
        }
        onRetry={isMissing ? undefined : () => void session.refetch()}
      />
    );
  }

  const title = session.data.title;
  if (result) {
    return (
      <>
        <title>{`Results: ${title} — Lumiskin`}</title>
        <QuizResults result={result} title={title} onRetake={categoryId ? retake : undefined} />
      </>
    );
  }
  if (session.data.questions.length === 0) {
    return (
      <EmptyState
        title="No Questions Available"
        text="This quiz has no questions yet. Try another category or the daily challenge."
      />
    );
  }

  return (
    <>
      <title>{`${title} — Lumiskin`}</title>
      <QuizRunner
        key={session.data.attempt_id ?? round}
        session={session.data}
        isSubmitting={submit.isPending}
        submitError={submit.isError ? errorMessage(submit.error, SUBMIT_FAILED) : null}
        onAnswer={(questionId, answer) =>
          answerQuestion({ attempt_id: session.data.attempt_id!, question_id: questionId, answer })
        }
        onSubmit={handleSubmit}
      />
    </>
  );
}
