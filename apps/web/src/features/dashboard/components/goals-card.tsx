import { TargetIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Progress } from '@/components/ui/progress';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api/api-client';
import { useAccount } from '@/lib/api/get-account';
import { useUpdateAccount } from '@/lib/api/update-account';

export interface Goals {
  targetScore: number;
  scansPerWeek: number;
}

/** Shown until the person sets their own (account goals are null until then). */
export const DEFAULT_GOALS: Goals = { targetScore: 80, scansPerWeek: 2 };
/** The spec's "14-day consistency award". */
const STREAK_AWARD_DAYS = 14;

function clamp(value: unknown, min: number, max: number, fallback: number): number {
  const n = typeof value === 'number' ? Math.round(value) : Number.NaN;
  return Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : fallback;
}

function GoalRow({ label, detail, value }: { label: string; detail: string; value: number }) {
  const pct = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <li>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium">{label}</span>
        <span className="tabular-nums text-muted-foreground">{pct}%</span>
      </div>
      <Progress value={pct} className="mt-1.5" aria-label={label} />
      <p className="mt-1 text-xs text-muted-foreground">{detail}</p>
    </li>
  );
}

/** Your Goals & Progress: real numbers against goals the person sets. */
export function GoalsCard({
  latestScore,
  thisWeek,
  streakDays,
}: {
  latestScore: number | null;
  thisWeek: number;
  streakDays: number;
}) {
  // Goals are saved on the account (PATCH /api/users/me goals), so they follow the person.
  const account = useAccount();
  const update = useUpdateAccount();
  const goals: Goals = {
    targetScore: account.data?.goals.target_score ?? DEFAULT_GOALS.targetScore,
    scansPerWeek: account.data?.goals.scans_per_week ?? DEFAULT_GOALS.scansPerWeek,
  };
  const saveGoals = (next: Goals) =>
    update.mutate(
      { goals: { target_score: next.targetScore, scans_per_week: next.scansPerWeek } },
      {
        onSuccess: () => {
          toast.success('Goals saved');
          setOpen(false);
        },
        onError: (error) => toast.error(errorMessage(error, 'Could not save your goals.')),
      },
    );
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(goals);

  return (
    <Card className="p-6" aria-labelledby="goals-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="goals-title" className="flex items-center gap-2 text-h3 font-semibold">
          <TargetIcon className="size-5 text-primary-text" aria-hidden /> Your Goals &amp; Progress
        </h2>
        <Dialog
          open={open}
          onOpenChange={(o) => {
            setOpen(o);
            if (o) setDraft(goals);
          }}
        >
          <DialogTrigger asChild>
            <Button size="sm" variant="soft">
              Set New Goal
            </Button>
          </DialogTrigger>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>Set your goals</DialogTitle>
              <DialogDescription>Saved to your account, on every device.</DialogDescription>
            </DialogHeader>
            <form
              className="grid gap-4"
              onSubmit={(e) => {
                e.preventDefault();
                saveGoals({
                  targetScore: clamp(draft.targetScore, 1, 100, goals.targetScore),
                  scansPerWeek: clamp(draft.scansPerWeek, 1, 14, goals.scansPerWeek),
                });
              }}
            >
              <Field id="goal-score" label="Target skin score (1–100)">
                <Input
                  id="goal-score"
                  type="number"
                  min={1}
                  max={100}
                  value={draft.targetScore}
                  onChange={(e) => setDraft({ ...draft, targetScore: e.target.valueAsNumber })}
                />
              </Field>
              <Field id="goal-scans" label="Scans per week (1–14)">
                <Input
                  id="goal-scans"
                  type="number"
                  min={1}
                  max={14}
                  value={draft.scansPerWeek}
                  onChange={(e) => setDraft({ ...draft, scansPerWeek: e.target.valueAsNumber })}
                />
              </Field>
              <DialogFooter>
                <Button type="submit" disabled={update.isPending}>
                  {update.isPending ? 'Saving...' : 'Save goals'}
                </Button>
              </DialogFooter>
            </form>
          </DialogContent>
        </Dialog>
      </div>
      <ul className="mt-4 grid gap-4">
        <GoalRow
          label={`Reach a skin score of ${goals.targetScore}`}
          detail={
            latestScore === null
              ? 'Your first scan sets the starting point.'
              : latestScore >= goals.targetScore
                ? `Reached: your latest score is ${latestScore}.`
                : `Latest score ${latestScore}: ${goals.targetScore - latestScore} to go.`
          }
          value={latestScore === null ? 0 : (latestScore / goals.targetScore) * 100}
        />
        <GoalRow
          label={`${goals.scansPerWeek} ${goals.scansPerWeek === 1 ? 'scan' : 'scans'} a week`}
          detail={`${thisWeek} in the last 7 days.`}
          value={(thisWeek / goals.scansPerWeek) * 100}
        />
        <GoalRow
          label={`${STREAK_AWARD_DAYS}-day consistency award`}
          detail={
            streakDays >= STREAK_AWARD_DAYS
              ? `Earned: a ${streakDays}-day streak.`
              : `${streakDays}-day streak so far.`
          }
          value={(streakDays / STREAK_AWARD_DAYS) * 100}
        />
      </ul>
    </Card>
  );
}
