import type { User } from '@lumiskin/contract/auth';
import { AccountMenu } from '@/app/layout/account-menu';
import { NotificationsMenu } from '@/app/layout/notifications';

/** The signed-in desktop menus; their own chunk, so a visitor's first page carries no dropdown. */
export default function MemberMenus({ user, onLogout }: { user: User; onLogout: () => void }) {
  return (
    <>
      <NotificationsMenu />
      <AccountMenu user={user} onLogout={onLogout} />
    </>
  );
}
