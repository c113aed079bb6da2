import { ListChecksIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useApplyAnalysisRoutine } from '@/features/scan/api/apply-analysis-routine';
import { errorMessage } from '@/lib/api/api-client';

/** 'Use this routine': makes this analysis's morning and evening routine the user's own. */
export function UseRoutineButton({ analysisId }: { analysisId: string }) {
  const apply = useApplyAnalysisRoutine();
  return (
    <Button
      disabled={apply.isPending}
      onClick={() =>
        apply.mutate(analysisId, {
          onSuccess: (routine) =>
            toast({
              title: 'Success',
              description: `Routine updated: ${routine.morning.length} morning and ${routine.evening.length} evening steps. See it on your dashboard.`,
            }),
          onError: (error) =>
            toast({
              title: 'Error',
              description: errorMessage(error, 'Could not update your routine.'),
              variant: 'destructive',
            }),
        })
      }
    >
      <ListChecksIcon aria-hidden /> {apply.isPending ? 'Saving…' : 'Use this routine'}
    </Button>
  );
}
