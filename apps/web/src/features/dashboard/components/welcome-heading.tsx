import type { User } from '@lumiskin/contract/auth';
import { useEffect, useState } from 'react';
import { DASHBOARD_SEEN_KEY as SEEN_KEY, getStringList, setItem } from '@/lib/platform/storage';

/** The ids of users who have opened their dashboard in this browser. */
const seenIds = () => getStringList(SEEN_KEY);

/**
 * "Welcome, Ada" on the first visit to the dashboard (issue 13: "Welcome back" greets someone
 * who has never been here), "Welcome back, Ada" afterwards. Remembered per user in this browser.
 */
export function WelcomeHeading({ user }: { user: Pick<User, 'id' | 'name'> }) {
  const [isFirstVisit] = useState(() => !seenIds().includes(user.id));
  useEffect(() => {
    const ids = seenIds();
    if (!ids.includes(user.id)) setItem(SEEN_KEY, JSON.stringify([...ids, user.id].slice(-20)));
  }, [user.id]);
  return (
    <h1 className="mt-3 text-h1 font-semibold text-balance wrap-anywhere">
      {isFirstVisit ? 'Welcome' : 'Welcome back'}, {user.name}
    </h1>
  );
}
