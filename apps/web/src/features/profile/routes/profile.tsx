import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAccount } from '@/lib/api/get-account';
import { useScanHistory } from '@/lib/api/get-scan-history';
import { HistoryTab } from '@/features/profile/components/history-tab';
import { LoadError } from '@/components/load-error';
import { ProductsTab } from '@/features/profile/components/products-tab';
import { ProfileForm } from '@/features/profile/components/profile-form';
import { ProfileHeader } from '@/features/profile/components/profile-header';
import { improvement } from '@/features/profile/components/scores';
import { SettingsTab } from '@/features/profile/components/settings-tab';
import { OrdersTab } from '@/features/profile/components/orders-tab';
import { useSearchParams } from 'react-router';

/** The History tab lists the newest 50; 'View All' links to the full history. */
const PROFILE_HISTORY_LIMIT = 50;

const TABS = ['profile', 'history', 'products', 'orders', 'settings'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => TABS.some((tab) => tab === value);

export default function ProfileRoute() {
  const account = useAccount();
  const history = useScanHistory({ limit: PROFILE_HISTORY_LIMIT });
  // The open tab is the address's `?tab=` (a link such as the bell's sign-in alert opens one even
  // while the profile is already open); choosing a tab replaces it, so Back leaves the page.
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab');
  const openTab = (value: string) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 'profile') next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  // The form follows the server's answer when the first account shown was the copy kept on the
  // device (it may predate the last save), for every field not edited yet (ProfileForm).
  const formKey = account.data?.id;

  return (
    // One column that may shrink below its content's width: the tab list scrolls inside it, and
    // the page no longer grows wider than a 360 px phone (issue 34).
    <div className="mx-auto grid w-full max-w-5xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-8 sm:px-6 sm:py-10">
      <title>Your profile — Lumiskin</title>
      {account.isError && !account.data ? (
        <LoadError what="your profile" onRetry={() => void account.refetch()} />
      ) : !account.data ? (
        <Skeleton className="h-40 rounded-2xl" />
      ) : (
        <ProfileHeader
          account={account.data}
          scanCount={history.data?.total}
          improvement={history.data ? improvement(history.data.items) : undefined}
        />
      )}
      <Tabs value={isTab(tab) ? tab : 'profile'} onValueChange={openTab}>
        {/* A phone shows every tab, three and two to a row: in one scrolling row Settings (the
            password, reminders, devices, deletion) sat past the screen's edge, with nothing to
            say the row went on. From 640 px they fit one row. */}
        <TabsList className="grid h-auto w-full grid-cols-6 rounded-2xl sm:inline-flex sm:h-11 sm:w-auto sm:rounded-full">
          {TABS.map((value, i) => (
            <TabsTrigger
              key={value}
              value={value}
              className={i < 3 ? 'max-sm:col-span-2' : 'max-sm:col-span-3'}
            >
              {value.charAt(0).toUpperCase() + value.slice(1)}
            </TabsTrigger>
          ))}
        </TabsList>
        {/* The card's padding spaces the panel: the panel's own top margin would double it. */}
        <Card className="mt-4 p-6">
          {/* Kept while another tab is open: edits not saved yet survive a look at Settings. */}
          <TabsContent value="profile" forceMount className="mt-0 data-[state=inactive]:hidden">
            {account.data ? (
              <ProfileForm key={formKey} account={account.data} />
            ) : account.isError ? null : (
              <Skeleton className="h-80" />
            )}
          </TabsContent>
          <TabsContent value="history" className="mt-0">
            {history.isError && !history.data ? (
              <LoadError what="your scans" onRetry={() => void history.refetch()} />
            ) : history.data ? (
              <HistoryTab scans={history.data.items} total={history.data.total} />
            ) : (
              <Skeleton className="h-80" />
            )}
          </TabsContent>
          <TabsContent value="products" className="mt-0">
            <ProductsTab />
          </TabsContent>
          <TabsContent value="orders" className="mt-0">
            <OrdersTab />
          </TabsContent>
          <TabsContent value="settings" className="mt-0">
            {account.data ? (
              <SettingsTab key={formKey} account={account.data} />
            ) : account.isError ? null : (
              <Skeleton className="h-80" />
            )}
          </TabsContent>
        </Card>
      </Tabs>
    </div>
  );
}
