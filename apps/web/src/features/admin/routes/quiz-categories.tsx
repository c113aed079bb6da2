import { zodResolver } from '@hookform/resolvers/zod';
import {
  CreateQuizCategoryBody,
  QUIZ_CATEGORY_ICONS,
  type AdminQuizCategory,
} from '@lumiskin/contract/admin';
import {
  ArrowDownIcon,
  ArrowUpIcon,
  EyeIcon,
  EyeOffIcon,
  PencilIcon,
  PlusIcon,
} from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { LoadError } from '@/components/load-error';
import { QuizIcon } from '@/components/quiz-icon';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, fieldAria } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { useCategoryWrite, useQuizCategories } from '@/features/admin/api/quiz-categories';
import { errorMessage } from '@/lib/api/api-client';
import { NativeSelect } from '@/components/ui/native-select';
import { plural } from '@/lib/format';

type CategoryValues = z.input<typeof CreateQuizCategoryBody>;

/** The category as the quiz hub shows it to players. */
function CategoryPreview({ values }: { values: Partial<CategoryValues> }) {
  const color = /^#[0-9a-f]{6}$/i.test(values.color ?? '') ? values.color : '#8b5cf6';
  return (
    <Card aria-label="Player preview" className="flex items-start gap-3 p-4">
      <span
        className="flex size-11 shrink-0 items-center justify-center rounded-xl text-white"
        style={{ backgroundColor: color }}
      >
        <QuizIcon name={values.icon ?? 'Award'} className="size-5" />
      </span>
      <div className="min-w-0">
        <p className="font-semibold">{values.name || 'Category name'}</p>
        <p className="text-sm text-muted-foreground">{values.description || 'Description'}</p>
        <p className="mt-1 text-xs text-muted-foreground">
          About {Number(values.estimated_time) || '?'} min · badge: {values.badge_reward || '…'}
        </p>
      </div>
    </Card>
  );
}

/** The form's starting values: the category being edited, or a new one's defaults. */
function defaultsOf(category: AdminQuizCategory | null): CategoryValues {
  return category
    ? {
        id: category.id,
        name: category.name,
        description: category.description,
        icon: category.icon as CategoryValues['icon'],
        color: category.color,
        estimated_time: category.estimated_time,
        badge_reward: category.badge_reward,
        hidden: category.hidden,
      }
    : {
        id: '',
        name: '',
        description: '',
        icon: 'Sparkles',
        color: '#8b5cf6',
        estimated_time: 4,
        badge_reward: '',
        hidden: false,
      };
}

function CategoryEditor({
  category,
  onDone,
}: {
  category: AdminQuizCategory | null;
  onDone: () => void;
}) {
  const write = useCategoryWrite();
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    formState: { errors },
  } = useForm<CategoryValues>({
    resolver: zodResolver(CreateQuizCategoryBody),
    defaultValues: defaultsOf(category),
  });
  const values = watch();
  const onSubmit = handleSubmit(({ id, ...body }) => {
    write.mutate(
      category
        ? { kind: 'update', id: category.id, body }
        : { kind: 'create', body: { id, ...body } },
      {
        onSuccess: () => {
          toast.success(category ? 'Category saved' : 'Category added');
          onDone();
        },
        onError: (error) => toast.error(errorMessage(error, 'The category was not saved')),
      },
    );
  });
  const err = (key: keyof CategoryValues) => errors[key]?.message;

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 lg:grid-cols-[1fr_20rem]">
      <Card className="grid gap-4 p-4 sm:grid-cols-2 sm:p-5">
        <Field id="category-name" label="Name" error={err('name')}>
          <Input
            id="category-name"
            {...fieldAria('category-name', err('name'))}
            {...register('name')}
          />
        </Field>
        {category ? (
          <div className="grid gap-2 text-sm">
            <span className="font-medium">Id</span>
            <code className="rounded-lg bg-muted px-3 py-2.5">{category.id}</code>
          </div>
        ) : (
          <Field id="category-id" label="Id (in the address)" error={err('id')}>
            <Input
              id="category-id"
              placeholder="e.g. body-care"
              {...fieldAria('category-id', err('id'))}
              {...register('id')}
            />
          </Field>
        )}
        <Field
          id="category-description"
          label="Description"
          error={err('description')}
          className="sm:col-span-2"
        >
          <Input
            id="category-description"
            {...fieldAria('category-description', err('description'))}
            {...register('description')}
          />
        </Field>
        <Field id="category-icon" label="Icon" error={err('icon')}>
          <NativeSelect id="category-icon" className="w-full" {...register('icon')}>
            {QUIZ_CATEGORY_ICONS.map((icon) => (
              <option key={icon} value={icon}>
                {icon}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field id="category-color" label="Colour" error={err('color')}>
          <div className="flex gap-2">
            <input
              type="color"
              aria-label="Pick a colour"
              className="h-11 w-12 rounded-lg border"
              value={/^#[0-9a-f]{6}$/i.test(values.color ?? '') ? values.color : '#8b5cf6'}
              onChange={(e) => setValue('color', e.target.value, { shouldValidate: true })}
            />
            <Input
              id="category-color"
              {...fieldAria('category-color', err('color'))}
              {...register('color')}
            />
          </div>
        </Field>
        <Field id="category-time" label="Estimated minutes" error={err('estimated_time')}>
          <Input
            id="category-time"
            type="number"
            inputMode="numeric"
            min={1}
            max={60}
            {...fieldAria('category-time', err('estimated_time'))}
            {...register('estimated_time', { valueAsNumber: true })}
          />
        </Field>
        <Field id="category-badge" label="Badge for mastering it" error={err('badge_reward')}>
          <Input
            id="category-badge"
            placeholder="e.g. Body Buff"
            {...fieldAria('category-badge', err('badge_reward'))}
            {...register('badge_reward')}
          />
        </Field>
        <label className="flex min-h-9 items-center gap-2 text-sm sm:col-span-2">
          <input type="checkbox" className="size-4 accent-primary" {...register('hidden')} />
          Hidden from players (not listed, not playable, out of the daily challenge)
        </label>
        <div className="flex gap-2 sm:col-span-2">
          <Button type="submit" disabled={write.isPending}>
            {category ? 'Save category' : 'Add category'}
          </Button>
          <Button type="button" variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </Card>
      <CategoryPreview values={values} />
    </form>
  );
}

/** Quiz categories (moderators and admins): copy, icon and colour, order, hidden. */
export default function AdminQuizCategoriesRoute() {
  const categories = useQuizCategories();
  const write = useCategoryWrite();
  const [editing, setEditing] = useState<AdminQuizCategory | 'new' | null>(null);
  const run = (...args: Parameters<typeof write.mutate>) =>
    write.mutate(args[0], {
      onSuccess: () => toast.success('Saved'),
      onError: (error) => toast.error(errorMessage(error, 'That did not work')),
    });

  if (editing) {
    return (
      <div className="space-y-4">
        <title>{`${editing === 'new' ? 'New quiz category' : `Edit ${editing.name}`} — Admin — Lumiskin`}</title>
        <h1 className="text-2xl font-bold">
          {editing === 'new' ? 'New quiz category' : `Edit ${editing.name}`}
        </h1>
        <CategoryEditor
          category={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      </div>
    );
  }
  const list = categories.data ?? [];
  const move = (index: number, by: -1 | 1) => {
    const ids = list.map((c) => c.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    run({ kind: 'order', ids });
  };
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <title>Quiz categories — Admin — Lumiskin</title>
          <h1 className="text-2xl font-bold">Quiz categories</h1>
          <p className="text-sm text-muted-foreground">
            The order here is the order players see.{' '}
            <Link to={paths.adminQuiz.href} className="text-primary-text underline">
              Questions are in the quiz bank.
            </Link>
          </p>
        </div>
        <Button onClick={() => setEditing('new')}>
          <PlusIcon aria-hidden /> New category
        </Button>
      </div>
      <Card className="px-4">
        {categories.isPending ? (
          <Spinner />
        ) : categories.isError ? (
          <LoadError what="the quiz categories" onRetry={() => void categories.refetch()} />
        ) : list.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">
            No categories yet: add the first.
          </p>
        ) : (
          <ol>
            {list.map((c, i) => (
              <li
                key={c.id}
                className="flex flex-col gap-2 border-b py-3 last:border-b-0 sm:flex-row sm:items-center"
              >
                <div className="flex min-w-0 flex-1 items-center gap-3">
                  <span
                    className="flex size-10 shrink-0 items-center justify-center rounded-xl text-white"
                    style={{ backgroundColor: c.color }}
                  >
                    <QuizIcon name={c.icon} className="size-5" />
                  </span>
                  <div className="min-w-0">
                    <p className="font-medium wrap-anywhere">
                      {c.name}{' '}
                      {c.hidden ? (
                        <span className="rounded bg-muted px-1.5 text-xs text-muted-foreground">
                          hidden
                        </span>
                      ) : null}
                    </p>
                    <p className="text-sm text-muted-foreground wrap-anywhere">
                      {c.id} · {plural(c.question_count, 'active question')} · about{' '}
                      {c.estimated_time} min
                    </p>
                  </div>
                </div>
                <div className="flex flex-wrap gap-1">
                  <Button
                    size="icon"
                    variant="ghost"
                    aria-label={`Move ${c.name} up`}
                    disabled={i === 0 || write.isPending}
                    onClick={() => move(i, -1)}
                  >
                    <ArrowUpIcon aria-hidden />
                  </Button>
                  <Button
                    size="icon"
                    variant="ghost"
                    aria-label={`Move ${c.name} down`}
                    disabled={i === list.length - 1 || write.isPending}
                    onClick={() => move(i, 1)}
                  >
                    <ArrowDownIcon aria-hidden />
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`${c.hidden ? 'Show' : 'Hide'} ${c.name}`}
                    disabled={write.isPending}
                    onClick={() => run({ kind: 'update', id: c.id, body: { hidden: !c.hidden } })}
                  >
                    {c.hidden ? <EyeIcon aria-hidden /> : <EyeOffIcon aria-hidden />}
                    {c.hidden ? 'Show' : 'Hide'}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`Edit ${c.name}`}
                    onClick={() => setEditing(c)}
                  >
                    <PencilIcon aria-hidden /> Edit
                  </Button>
                </div>
              </li>
            ))}
          </ol>
        )}
      </Card>
    </div>
  );
}
