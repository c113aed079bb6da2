import type { AnswerFeedback, QuizSession } from '@lumiskin/contract/quiz';
import {
  ArrowLeftIcon,
  ArrowRightIcon,
  CheckCircle2Icon,
  CheckIcon,
  ClockIcon,
  SendIcon,
  XCircleIcon,
  XIcon,
} from 'lucide-react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api/api-client';
import { bringIntoView } from '@/lib/scroll';
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

function RunnerHeader({ title, elapsed }: { title: string; elapsed: number }) {
  return (
    <div className="flex items-center justify-between gap-3">
      <Button asChild variant="ghost" size="sm" className="-ml-2">
        <Link to={paths.quiz.href}>
          <XIcon aria-hidden /> Quiz hub
        </Link>
      </Button>
      <p className="truncate text-sm font-semibold">{title}</p>
      <span
        role="timer"
        aria-label={`Time ${formatClock(elapsed)}`}
        className="inline-flex items-center gap-1.5 rounded-full bg-muted px-3 py-1.5 text-sm font-semibold tabular-nums"
      >
        <ClockIcon className="size-4 text-primary-text" aria-hidden />
        {formatClock(elapsed)}
      </span>
    </div>
  );
}

type Question = QuizSession['questions'][number];

/** Where the player is: question n of total, its difficulty and points. */
function QuestionProgress({
  question,
  index,
  total,
}: {
  question: Question;
  index: number;
  total: number;
}) {
  return (
    <>
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
    </>
  );
}

/** The question as the fieldset's legend (focused on each new question), and its diagram. */
function QuestionPrompt({
  question,
  headingRef,
}: {
  question: Question;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  return (
    <>
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
    </>
  );
}

/** One answer option: chosen, then once checked marked right or wrong (locked). */
function QuizOption({
  questionId,
  option,
  index,
  chosen,
  result,
  disabled,
  onChoose,
}: {
  questionId: string;
  option: string;
  /** Its place in the list: A, B, C… */
  index: number;
  chosen: string | undefined;
  result: AnswerFeedback | undefined;
  disabled: boolean;
  onChoose: () => void;
}) {
  const isChosen = chosen === option;
  const isRight = result ? option === result.correct_answer : false;
  const isWrongChoice = result ? isChosen && !result.is_correct : false;
  return (
    <label
      className={cn(
        'flex min-h-14 items-center gap-3 rounded-xl border-2 px-4 py-3 transition-colors duration-150',
        'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
        result ? 'cursor-default' : 'cursor-pointer',
        isRight
          ? 'border-success bg-success-soft text-success-soft-foreground'
          : isWrongChoice
            ? 'border-destructive bg-destructive-soft text-destructive-soft-foreground'
            : isChosen
              ? 'border-brand bg-primary-soft text-primary-soft-foreground'
              : result
                ? 'border-border opacity-70'
                : 'border-border hover:border-brand/50 hover:bg-muted/60',
      )}
    >
      <input
        type="radio"
        name={`question-${questionId}`}
        value={option}
        checked={isChosen}
        disabled={disabled}
        onChange={onChoose}
        className="sr-only"
      />
      <span
        aria-hidden
        className={cn(
          'inline-flex size-8 shrink-0 items-center justify-center rounded-full border text-sm font-semibold',
          isRight
            ? 'border-success bg-success text-white'
            : isWrongChoice
              ? 'border-destructive bg-destructive text-white'
              : isChosen
                ? 'border-brand bg-brand text-white'
                : 'bg-card',
        )}
      >
        {isRight ? (
          <CheckIcon className="size-4" />
        ) : isWrongChoice ? (
          <XIcon className="size-4" />
        ) : isChosen ? (
          <CheckIcon className="size-4" />
        ) : (
          String.fromCharCode(65 + index)
        )}
      </span>
      <span className="min-w-0 flex-1 text-[0.95rem] leading-snug">{option}</span>
      {isRight && result ? (
        // The feedback below says it in words; the option keeps its own name. Never broken
        // inside a word (it was "Righ / t ans / wer" beside a long answer on a phone).
        <span aria-hidden className="shrink-0 text-xs font-semibold whitespace-nowrap text-current">
          Right answer
        </span>
      ) : null}
    </label>
  );
}

function FeedbackPanel({
  result,
  panelRef,
}: {
  result: AnswerFeedback;
  panelRef: RefObject<HTMLDivElement | null>;
}) {
  return (
    <div
      ref={panelRef}
      tabIndex={-1}
      role="status"
      data-testid="answer-feedback"
      className={cn(
        'mt-6 scroll-mt-4 rounded-xl border p-4 outline-none wrap-anywhere',
        result.is_correct
          ? 'border-success/40 bg-success-soft text-success-soft-foreground'
          : 'border-destructive/40 bg-destructive-soft text-destructive-soft-foreground',
      )}
    >
      <p className="flex items-center gap-2 font-semibold">
        {result.is_correct ? (
          <>
            <CheckCircle2Icon className="size-5 text-current" aria-hidden /> Right
            {result.points_earned > 0 ? ` — +${plural(result.points_earned, 'point')}` : ''}
          </>
        ) : (
          <>
            <XCircleIcon className="size-5" aria-hidden /> Not quite
          </>
        )}
      </p>
      {!result.is_correct ? (
        <p className="mt-1 text-sm">
          The right answer: <span className="font-semibold">{result.correct_answer}</span>
        </p>
      ) : null}
      <p className="mt-2 text-sm leading-relaxed">{result.explanation}</p>
    </div>
  );
}

/** Previous, then Check answer until the answer is checked, then Next (Submit Quiz on the last). */
function RunnerActions({
  canGoBack,
  checked,
  canCheck,
  isChecking,
  isLast,
  isSubmitting,
  onPrevious,
  onCheck,
  onNext,
  actionsRef,
}: {
  canGoBack: boolean;
  checked: boolean;
  canCheck: boolean;
  isChecking: boolean;
  isLast: boolean;
  isSubmitting: boolean;
  onPrevious: () => void;
  onCheck: () => void;
  onNext: () => void;
  actionsRef: RefObject<HTMLDivElement | null>;
}) {
  return (
    <div
      ref={actionsRef}
      className="mt-6 flex scroll-mb-4 flex-wrap items-center justify-between gap-3"
    >
      <Button variant="outline" onClick={onPrevious} disabled={!canGoBack || isSubmitting}>
        <ArrowLeftIcon aria-hidden /> Previous
      </Button>
      {!checked ? (
        <Button onClick={onCheck} disabled={!canCheck || isChecking}>
          {isChecking ? (
            <>
              <Spinner label="Checking" className="size-4 text-current" /> Checking...
            </>
          ) : (
            <>
              Check answer <CheckIcon aria-hidden />
            </>
          )}
        </Button>
      ) : (
        <Button onClick={onNext} disabled={isSubmitting}>
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
      )}
    </div>
  );
}

/**
 * Question by question (docs/product-rules.md#quiz, docs/quiz-rules.md#feedback-after-each-answer):
 * choose an option, then Check answer commits it (final, on the server) and shows right or wrong
 * with the explanation; only then does Next (Submit on the last question) appear. Previous shows
 * earlier questions with their answers, locked. Answers committed before a reload come back
 * from the session. A failed submit keeps the player here with `submitError`.
 */
export function QuizRunner({
  session,
  isSubmitting,
  submitError,
  onAnswer,
  onSubmit,
}: {
  session: QuizSession;
  isSubmitting: boolean;
  submitError: string | null;
  onAnswer: (questionId: string, answer: string) => Promise<AnswerFeedback>;
  onSubmit: (input: QuizAnswers) => void;
}) {
  const [feedback, setFeedback] = useState<Record<string, AnswerFeedback>>(() =>
    Object.fromEntries(session.answered.map((a) => [a.question_id, a])),
  );
  const [answers, setAnswers] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      session.answered.flatMap((a) => (a.chosen ? [[a.question_id, a.chosen]] : [])),
    ),
  );
  // A re-opened quiz starts at its first question without an answer.
  const [index, setIndex] = useState(() => {
    const first = session.questions.findIndex(
      (q) => !session.answered.some((a) => a.question_id === q.id),
    );
    return first === -1 ? Math.max(0, session.questions.length - 1) : first;
  });
  const [isChecking, setIsChecking] = useState(false);
  const [answerError, setAnswerError] = useState<string | null>(null);
  const timer = useElapsed(true);
  // The question's own Next button is the action here; no floating button beside the answers.
  useHideQuickScan();
  const runnerRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const feedbackRef = useRef<HTMLDivElement>(null);
  const actionsRef = useRef<HTMLDivElement>(null);
  /** An answer was just checked: its feedback takes the focus once it is shown. */
  const justChecked = useRef(false);

  const total = session.questions.length;
  const question = session.questions[index];
  const isLast = index === total - 1;
  const chosen = question ? answers[question.id] : undefined;
  const result = question ? feedback[question.id] : undefined;

  // Keyboard and screen-reader users land on the new question, not on the button they pressed;
  // the page goes back to its top (the progress and the question), as a new page would.
  const shownIndex = useRef(index);
  useEffect(() => {
    if (shownIndex.current === index) return;
    shownIndex.current = index;
    headingRef.current?.focus({ preventScroll: true });
    bringIntoView(runnerRef.current, 'start');
  }, [index]);

  // The feedback appears below the answers, and Next below it: both come into view (the feedback
  // first when the window cannot hold the two).
  useEffect(() => {
    const panel = feedbackRef.current;
    const actions = actionsRef.current;
    if (!justChecked.current || !panel || !actions) return;
    justChecked.current = false;
    panel.focus({ preventScroll: true });
    const span = actions.getBoundingClientRect().bottom - panel.getBoundingClientRect().top;
    // The window less the header's band (the page's scroll padding) and the panel's own margin.
    const clear = (value: string) => parseFloat(value) || 0;
    const room =
      window.innerHeight -
      clear(getComputedStyle(document.documentElement).scrollPaddingTop) -
      clear(getComputedStyle(panel).scrollMarginTop);
    if (span <= room) bringIntoView(actions);
    else bringIntoView(panel, 'start');
  }, [result]);

  if (!question) return null;

  async function check() {
    if (!question || !chosen || result) return;
    setIsChecking(true);
    setAnswerError(null);
    try {
      const value = await onAnswer(question.id, chosen);
      setFeedback((f) => ({ ...f, [question.id]: value }));
      // The server's record wins (a retried answer comes back as it was first given).
      if (value.chosen) setAnswers((a) => ({ ...a, [question.id]: value.chosen! }));
      justChecked.current = true;
    } catch (error) {
      setAnswerError(errorMessage(error, "We couldn't check that answer. Please try again."));
    } finally {
      setIsChecking(false);
    }
  }

  function next() {
    if (!result) return;
    if (isLast) onSubmit({ answers, timeTaken: timer.read() });
    else setIndex((i) => i + 1);
  }

  return (
    <div
      ref={runnerRef}
      className="mx-auto w-full max-w-3xl scroll-mt-4 px-4 py-6 sm:px-6 sm:py-10"
    >
      <RunnerHeader title={session.title} elapsed={timer.elapsed} />

      <QuestionProgress question={question} index={index} total={total} />

      <Card className="mt-6 p-5 sm:p-8" key={question.id}>
        <fieldset className="min-w-0 animate-fade-in wrap-anywhere">
          <QuestionPrompt question={question} headingRef={headingRef} />
          <div className="mt-6 grid gap-3">
            {question.options.map((option, i) => (
              <QuizOption
                key={option}
                questionId={question.id}
                option={option}
                index={i}
                chosen={chosen}
                result={result}
                // Committed answers are final: the options lock once checked.
                disabled={Boolean(result) || isChecking}
                onChoose={() => setAnswers((a) => ({ ...a, [question.id]: option }))}
              />
            ))}
          </div>
        </fieldset>
        {result ? <FeedbackPanel result={result} panelRef={feedbackRef} /> : null}
      </Card>

      {answerError ? (
        <Alert variant="destructive" role="alert" className="mt-4">
          {answerError}
        </Alert>
      ) : null}

      {submitError ? (
        <Alert variant="destructive" role="alert" className="mt-4">
          {submitError}
        </Alert>
      ) : null}

      <RunnerActions
        canGoBack={index > 0}
        checked={Boolean(result)}
        canCheck={Boolean(chosen)}
        isChecking={isChecking}
        isLast={isLast}
        isSubmitting={isSubmitting}
        onPrevious={() => setIndex((i) => Math.max(0, i - 1))}
        onCheck={() => void check()}
        onNext={next}
        actionsRef={actionsRef}
      />
    </div>
  );
}
