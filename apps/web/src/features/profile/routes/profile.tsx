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

export default function ProfileRoute() {
  const account = useAccount();
  const history = useScanHistory({ limit: PROFILE_HISTORY_LIMIT });
  const [search] = useSearchParams();
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
      <Tabs defaultValue={search.get('tab') === 'orders' ? 'orders' : 'profile'}>
        <TabsList className="w-full justify-start overflow-x-auto sm:w-auto">
          <TabsTrigger value="profile">Profile</TabsTrigger>
          <TabsTrigger value="history">History</TabsTrigger>
          <TabsTrigger value="products">Products</TabsTrigger>
          <TabsTrigger value="orders">Orders</TabsTrigger>
          <TabsTrigger value="settings">Settings</TabsTrigger>
        </TabsList>
        <Card className="mt-4 p-6">
          <TabsContent value="profile">
            {account.data ? (
              <ProfileForm key={formKey} account={account.data} />
            ) : account.isError ? null : (
              <Skeleton className="h-80" />
            )}
          </TabsContent>
          <TabsContent value="history">
            {history.isError && !history.data ? (
              <LoadError what="your scans" onRetry={() => void history.refetch()} />
            ) : history.data ? (
              <HistoryTab scans={history.data.items} total={history.data.total} />
            ) : (
              <Skeleton className="h-80" />
            )}
          </TabsContent>
          <TabsContent value="products">
            <ProductsTab />
          </TabsContent>
          <TabsContent value="orders">
            <OrdersTab />
          </TabsContent>
          <TabsContent value="settings">
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
