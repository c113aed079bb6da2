import type { QuizSession } from '@lumiskin/contract/quiz';
import { ArrowLeftIcon, ArrowRightIcon, CheckIcon, ClockIcon, SendIcon, XIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';
import { DIFFICULTY_LABEL, formatClock } from './format';
import { plural } from '@/lib/format';
import { useHideQuickScan } from '@/lib/scan/quick-scan';

export interface QuizAnswers {
  answers: Record<string, string>;
  timeTaken: number;
}

/** Seconds since mount, ticking once a second until `running` turns false. */
function useElapsed(running: boolean) {
  const startedAt = useRef(Date.now());
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(
      () => setElapsed(Math.floor((Date.now() - startedAt.current) / 1000)),
      1000,
    );
    return () => clearInterval(timer);
  }, [running]);
  return { elapsed, read: () => Math.floor((Date.now() - startedAt.current) / 1000) };
}

/**
 * Question by question (docs/product-rules.md#quiz): answers are kept per question id, so
 * Previous restores the earlier choice; Next is enabled once an option is chosen; the last
 * question's button submits. A failed submit keeps the player here with `submitError`.
 */
export function QuizRunner({
  session,
  isSubmitting,
  submitError,
  onSubmit,
}: {
  session: QuizSession;
  isSubmitting: boolean;
  submitError: string | null;
  onSubmit: (input: QuizAnswers) => void;
}) {
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const timer = useElapsed(true);
  // The question's own Next button is the action here; no floating button beside the answers.
  useHideQuickScan();
  const headingRef = useRef<HTMLHeadingElement>(null);

  const total = session.questions.length;
  const question = session.questions[index];
  const isLast = index === total - 1;
  const chosen = question ? answers[question.id] : undefined;

  // Keyboard and screen-reader users land on the new question, not on the button they pressed.
  useEffect(() => {
    if (index > 0) headingRef.current?.focus();
  }, [index]);

  if (!question) return null;

  function next() {
    if (!chosen) return;
    if (isLast) onSubmit({ answers, timeTaken: timer.read() });
    else setIndex((i) => i + 1);
  }

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
      <div className="flex items-center justify-between gap-3">
        <Button asChild variant="ghost" size="sm" className="-ml-2">
          <Link to={paths.quiz.href}>
            <XIcon aria-hidden /> Quiz hub
          </Link>
        </Button>
        <p className="truncate text-sm font-semibold">{session.title}</p>
        <span
          role="timer"
          aria-label={`Time ${formatClock(timer.elapsed)}`}
          className="inline-flex items-center gap-1.5 rounded-full bg-muted px-3 py-1.5 text-sm font-semibold tabular-nums"
        >
          <ClockIcon className="size-4 text-primary-text" aria-hidden />
          {formatClock(timer.elapsed)}
        </span>
      </div>

      <div className="mt-6 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-medium text-muted-foreground">
          Question {index + 1} of {total}
        </p>
        <div className="flex gap-2">
          <Badge variant="secondary">{DIFFICULTY_LABEL[question.difficulty]}</Badge>
          <Badge variant="accent">{plural(question.points, 'point')}</Badge>
        </div>
      </div>
      <Progress
        className="mt-3"
        value={((index + 1) / total) * 100}
        aria-label={`Question ${index + 1} of ${total}`}
      />

      <Card className="mt-6 p-5 sm:p-8" key={question.id}>
        <fieldset className="animate-fade-in">
          <legend className="contents">
            <h1
              ref={headingRef}
              tabIndex={-1}
              className="text-xl leading-snug font-semibold text-balance outline-none sm:text-2xl"
            >
              {question.question_text}
            </h1>
          </legend>
          {question.image_url ? (
            <div className="mt-5 overflow-hidden rounded-xl border bg-white">
              <img
                src={question.image_url}
                alt="Diagram for this question"
                width={600}
                height={400}
                className="aspect-[3/2] h-auto w-full object-contain"
              />
            </div>
          ) : null}
          <div className="mt-6 grid gap-3">
            {question.options.map((option, i) => {
              const isChosen = chosen === option;
              return (
                <label
                  key={option}
                  className={cn(
                    'flex min-h-14 cursor-pointer items-center gap-3 rounded-xl border-2 px-4 py-3 transition-colors duration-150',
                    'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                    isChosen
                      ? 'border-brand bg-primary-soft text-primary-soft-foreground'
                      : 'border-border hover:border-brand/50 hover:bg-muted/60',
                  )}
                >
                  <input
                    type="radio"
                    name={`question-${question.id}`}
                    value={option}
                    checked={isChosen}
                    onChange={() => setAnswers((a) => ({ ...a, [question.id]: option }))}
                    className="sr-only"
                  />
                  <span
                    aria-hidden
                    className={cn(
                      'inline-flex size-8 shrink-0 items-center justify-center rounded-full border text-sm font-semibold',
                      isChosen ? 'border-brand bg-brand text-white' : 'bg-card',
                    )}
                  >
                    {isChosen ? <CheckIcon className="size-4" /> : String.fromCharCode(65 + i)}
                  </span>
                  <span className="text-[0.95rem] leading-snug">{option}</span>
                </label>
              );
            })}
          </div>
        </fieldset>
      </Card>

      {submitError ? (
        <Alert variant="destructive" role="alert" className="mt-4">
          {submitError}
        </Alert>
      ) : null}

      <div className="mt-6 flex items-center justify-between gap-3">
        <Button
          variant="outline"
          onClick={() => setIndex((i) => Math.max(0, i - 1))}
          disabled={index === 0 || isSubmitting}
        >
          <ArrowLeftIcon aria-hidden /> Previous
        </Button>
        <Button onClick={next} disabled={!chosen || isSubmitting}>
          {isLast ? (
            isSubmitting ? (
              <>
                <Spinner label="Submitting" className="size-4 text-current" /> Submitting...
              </>
            ) : (
              <>
                Submit Quiz <SendIcon aria-hidden />
              </>
            )
          ) : (
            <>
              Next Question <ArrowRightIcon aria-hidden />
            </>
          )}
        </Button>
      </div>
    </div>
  );
}
