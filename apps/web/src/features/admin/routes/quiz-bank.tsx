import type { AdminQuizQuestion } from '@lumiskin/contract/admin';
import { QUIZ_DIFFICULTIES, type QuizDifficulty } from '@lumiskin/contract/quiz';
import { useState } from 'react';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FieldError, errorId, fieldAria } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import {
  CHECK_THE_MARKED_FIELDS,
  useServerFieldErrors,
} from '@/features/admin/components/server-field-errors';
import { useQuizBank, useSaveQuestion } from '@/features/admin/api/quiz-bank';
import { errorMessage } from '@/lib/api/api-client';
import { plural } from '@/lib/format';
import { NativeSelect } from '@/components/ui/native-select';

type Draft = Omit<AdminQuizQuestion, 'id' | 'tags'> & { tags: string };

const blank = (categoryId: string): Draft => ({
  category_id: categoryId,
  question_text: '',
  options: [
    { text: '', correct: true },
    { text: '', correct: false },
    { text: '', correct: false },
  ],
  explanation: '',
  difficulty: 'beginner',
  points: 10,
  tags: '',
  active: true,
});

/** The fields the question form edits: never the loaded question's `id` (an unknown body field). */
function draftOf(question: AdminQuizQuestion): Draft {
  return {
    category_id: question.category_id,
    question_text: question.question_text,
    options: question.options.map((o) => ({ text: o.text, correct: o.correct })),
    explanation: question.explanation,
    difficulty: question.difficulty,
    points: question.points,
    tags: question.tags.join(', '),
    active: question.active,
  };
}

/** The question as the player sees it: text and options, no hint of the answer. */
function PlayerPreview({ draft }: { draft: Draft }) {
  return (
    <Card className="space-y-2 p-4" aria-label="Player preview">
      <p className="text-xs text-muted-foreground">
        Preview · {draft.difficulty} · {plural(draft.points, 'point')}
      </p>
      <p className="font-semibold">{draft.question_text || 'Question text'}</p>
      <div className="grid gap-2">
        {draft.options.map((o, i) => (
          <span key={i} className="rounded-lg border px-3 py-2 text-sm">
            {o.text || `Option ${i + 1}`}
          </span>
        ))}
      </div>
    </Card>
  );
}

/** The options, one marked correct; up to six. */
function OptionsEditor({
  draft,
  setDraft,
  errorFor,
  errorAt,
}: {
  draft: Draft;
  setDraft: (draft: Draft) => void;
  errorFor: (key: string) => string | undefined;
  errorAt: (key: string) => string | undefined;
}) {
  const listError = errorAt('options');
  const optionErrors = draft.options.map((_, i) => errorFor(`options.${i}`));
  return (
    <fieldset
      className="space-y-2"
      {...(listError ? { 'aria-describedby': errorId('question-options') } : {})}
    >
      <legend className="text-sm">Options (choose the correct one)</legend>
      {draft.options.map((o, i) => (
        <div key={i} className="grid gap-1">
          <div className="flex items-center gap-2">
            <input
              type="radio"
              name="correct"
              aria-label={`Option ${i + 1} is correct`}
              checked={o.correct}
              onChange={() =>
                setDraft({
                  ...draft,
                  options: draft.options.map((x, j) => ({ ...x, correct: j === i })),
                })
              }
            />
            <Input
              aria-label={`Option ${i + 1}`}
              value={o.text}
              onChange={(e) =>
                setDraft({
                  ...draft,
                  options: draft.options.map((x, j) =>
                    j === i ? { ...x, text: e.target.value } : x,
                  ),
                })
              }
              {...fieldAria(`question-option-${i}`, optionErrors[i])}
            />
          </div>
          {optionErrors[i] ? (
            <FieldError id={errorId(`question-option-${i}`)}>{optionErrors[i]}</FieldError>
          ) : null}
        </div>
      ))}
      {listError ? <FieldError id={errorId('question-options')}>{listError}</FieldError> : null}
      {draft.options.length < 6 ? (
        <Button
          type="button"
          size="sm"
          variant="ghost"
          onClick={() =>
            setDraft({ ...draft, options: [...draft.options, { text: '', correct: false }] })
          }
        >
          Add option
        </Button>
      ) : null}
    </fieldset>
  );
}

function QuestionEditor({
  question,
  categoryId,
  onDone,
}: {
  question: AdminQuizQuestion | null;
  categoryId: string;
  onDone: () => void;
}) {
  const [draft, setDraftState] = useState<Draft>(question ? draftOf(question) : blank(categoryId));
  const save = useSaveQuestion();
  const { errorFor, errorAt, take, clear } = useServerFieldErrors();
  /** A field edited after a refused save loses what was said of it. */
  const setDraft = (next: Draft) => {
    for (const key of Object.keys(next) as (keyof Draft)[])
      if (next[key] !== draft[key]) clear(key);
    setDraftState(next);
  };
  const errorOf = (key: keyof Draft) => {
    const error = errorFor(key);
    return error ? <FieldError id={errorId(`question-${key}`)}>{error}</FieldError> : null;
  };
  const correctCount = draft.options.filter((o) => o.correct).length;
  return (
    <form
      className="grid gap-4 lg:grid-cols-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (correctCount !== 1) {
          toast.error('Mark exactly one option as the correct one');
          return;
        }
        const { tags, ...rest } = draft;
        save.mutate(
          {
            id: question?.id ?? null,
            body: {
              ...rest,
              tags: tags
                .split(',')
                .map((t) => t.trim())
                .filter(Boolean),
            },
          },
          {
            onSuccess: () => {
              toast.success('Question saved');
              onDone();
            },
            onError: (error) =>
              toast.error(
                take(error)
                  ? `The question was not saved. ${CHECK_THE_MARKED_FIELDS}.`
                  : errorMessage(error, 'The question was not saved'),
              ),
          },
        );
      }}
    >
      <div className="space-y-3">
        <label className="block text-sm">
          Question
          <Input
            value={draft.question_text}
            onChange={(e) => setDraft({ ...draft, question_text: e.target.value })}
            {...fieldAria('question-question_text', errorFor('question_text'))}
          />
        </label>
        {errorOf('question_text')}
        <OptionsEditor draft={draft} setDraft={setDraft} errorFor={errorFor} errorAt={errorAt} />
        <label className="block text-sm">
          Explanation
          <Input
            value={draft.explanation}
            onChange={(e) => setDraft({ ...draft, explanation: e.target.value })}
            {...fieldAria('question-explanation', errorFor('explanation'))}
          />
        </label>
        {errorOf('explanation')}
        <div className="flex flex-wrap gap-3 text-sm">
          <label>
            Difficulty{' '}
            <NativeSelect
              compact
              value={draft.difficulty}
              onChange={(e) => setDraft({ ...draft, difficulty: e.target.value as QuizDifficulty })}
            >
              {QUIZ_DIFFICULTIES.map((d) => (
                <option key={d}>{d}</option>
              ))}
            </NativeSelect>
          </label>
          <label>
            Points{' '}
            <input
              type="number"
              min={1}
              max={100}
              className="h-9 w-20 rounded-md border bg-card px-2"
              value={draft.points}
              onChange={(e) => setDraft({ ...draft, points: Number(e.target.value) })}
              {...fieldAria('question-points', errorFor('points'))}
            />
          </label>
          <label className="flex items-center gap-1">
            <input
              type="checkbox"
              checked={draft.active}
              onChange={(e) => setDraft({ ...draft, active: e.target.checked })}
            />
            Active
          </label>
        </div>
        {errorOf('points')}
        <label className="block text-sm">
          Tags (comma-separated)
          <Input
            value={draft.tags}
            onChange={(e) => setDraft({ ...draft, tags: e.target.value })}
            {...fieldAria('question-tags', errorFor('tags'))}
          />
        </label>
        {errorOf('tags')}
        <div className="flex gap-2">
          <Button type="submit" disabled={save.isPending}>
            Save question
          </Button>
          <Button type="button" variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </div>
      <PlayerPreview draft={draft} />
    </form>
  );
}

export default function AdminQuizBankRoute() {
  const [categoryId, setCategoryId] = useState('');
  const [editing, setEditing] = useState<AdminQuizQuestion | 'new' | null>(null);
  const bank = useQuizBank(categoryId);
  const firstCategory = bank.data?.categories[0]?.id ?? '';
  if (editing) {
    return (
      <div className="space-y-4">
        <title>{`${editing === 'new' ? 'New question' : 'Edit question'} — Admin — Lumiskin`}</title>
        <h1 className="text-2xl font-bold">
          {editing === 'new' ? 'New question' : 'Edit question'}
        </h1>
        <QuestionEditor
          question={editing === 'new' ? null : editing}
          categoryId={categoryId || firstCategory}
          onDone={() => setEditing(null)}
        />
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <title>Quiz bank — Admin — Lumiskin</title>
        <h1 className="text-2xl font-bold">Quiz bank</h1>
        {/* A long category name must not widen the page on a phone (issue 34). */}
        <div className="flex max-w-full min-w-0 flex-wrap gap-2">
          <NativeSelect
            compact
            aria-label="Category"
            className="max-w-full"
            value={categoryId}
            onChange={(e) => setCategoryId(e.target.value)}
          >
            <option value="">All categories</option>
            {bank.data?.categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </NativeSelect>
          <Button size="sm" onClick={() => setEditing('new')}>
            New question
          </Button>
        </div>
      </div>
      <Card className="px-4">
        {bank.isPending ? (
          <Spinner />
        ) : bank.isError ? (
          <LoadError what="the quiz bank" onRetry={() => void bank.refetch()} />
        ) : (
          <ul>
            {bank.data.questions.map((q) => (
              <li key={q.id} className="flex items-center justify-between gap-2 border-b py-3">
                <div className="min-w-0">
                  <p className="line-clamp-2 font-medium wrap-anywhere" title={q.question_text}>
                    {q.question_text}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {q.category_id} · {q.difficulty} · {plural(q.points, 'point')}
                    {q.active ? '' : ' · inactive'}
                  </p>
                </div>
                <Button size="sm" variant="outline" onClick={() => setEditing(q)}>
                  Edit
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
