export function EmptyNotifications() {
  return (
    <div className="px-3 py-4 text-center">
      <p className="text-sm font-medium">You&rsquo;re all caught up</p>
      <p className="mt-1 text-xs text-muted-foreground">
        Scan reminders and quiz streaks will show up here.
      </p>
    </div>
  );
}
