import type { User } from '@lumiskin/contract/auth';
import { AccountMenu } from '@/app/layout/account-menu';
import { NotificationsMenu } from '@/app/layout/notifications';

/**
 * The signed-in menus; their own chunk, so a visitor's first page carries no dropdown. The bell is
 * in the header at every width (on phones it was only inside the menu, issue 34); the account
 * menu on wide screens (phones have it in the menu sheet).
 */
export default function MemberMenus({ user, onLogout }: { user: User; onLogout: () => void }) {
  return (
    <>
      <NotificationsMenu />
      <span className="hidden lg:contents">
        <AccountMenu user={user} onLogout={onLogout} />
      </span>
    </>
  );
}
