import { DeviceScanMessages } from '@lumiskin/contract/device-scan';
import { SmartphoneIcon } from 'lucide-react';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api/api-client';
import { useAccount } from '@/lib/api/get-account';
import { useUpdateAccount } from '@/lib/api/update-account';

/**
 * The scan option "Analyse on this device" (settings.analyse_on_device, decision 100), saved to
 * the account like the profile's switch of the same name.
 */
export function DeviceAnalysisToggle({ disabled }: { disabled: boolean }) {
  const account = useAccount();
  const update = useUpdateAccount();
  const checked = account.data?.settings.analyse_on_device ?? false;
  return (
    <section
      aria-labelledby="device-analysis-title"
      className="flex items-center justify-between gap-4 rounded-2xl border bg-card p-5 shadow-soft"
    >
      <div>
        <label
          id="device-analysis-title"
          htmlFor="scan-analyse-on-device"
          className="inline-flex items-center gap-2 font-semibold"
        >
          <SmartphoneIcon className="size-4" aria-hidden /> Analyse on this device
        </label>
        <p className="mt-1 text-sm text-muted-foreground">{DeviceScanMessages.photoStays}</p>
      </div>
      <Switch
        id="scan-analyse-on-device"
        checked={checked}
        disabled={disabled || !account.data}
        busy={update.isPending}
        onChange={(value) =>
          update.mutate(
            { settings: { analyse_on_device: value } },
            {
              onError: (error) => toast.error(errorMessage(error, 'Could not save the setting.')),
            },
          )
        }
      />
    </section>
  );
}
