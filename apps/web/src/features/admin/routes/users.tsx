import { ROLES, type Role } from '@lumiskin/contract/auth';
import type { AdminUser } from '@lumiskin/contract/admin';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import {
  USER_ACTION_DONE,
  useUserAction,
  useUsers,
  type UserAction,
} from '@/features/admin/api/users';
import { errorMessage } from '@/lib/api/api-client';
import { useAuth } from '@/lib/api/auth';
import { Pager } from '@/features/admin/components/pager';
import { formatDate } from '@/lib/format';
import { NativeSelect } from '@/components/ui/native-select';

const PAGE_SIZE = 20;
function UserRow({ user, isAdmin }: { user: AdminUser; isAdmin: boolean }) {
  const action = useUserAction();
  const run = (next: UserAction) =>
    action.mutate(next, {
      onSuccess: () => toast.success(USER_ACTION_DONE[next.kind]),
      onError: (error) => toast.error(errorMessage(error, 'That did not work')),
    });
  const suspended = user.status === 'suspended';
  return (
    <li className="border-b py-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <p className="font-medium wrap-anywhere">
            <Link to={paths.adminUser.href(user.id)} className="hover:underline">
              {user.name}
            </Link>{' '}
            {suspended ? (
              <span className="rounded bg-destructive/10 px-1.5 text-xs text-destructive-soft-foreground">
                suspended
              </span>
            ) : null}
          </p>
          <p className="text-sm text-muted-foreground">
            <span className="wrap-anywhere">{user.email}</span> ·{' '}
            <span className="whitespace-nowrap">joined {formatDate(user.created_at)}</span>
          </p>
        </div>
        {isAdmin ? (
          <div className="flex flex-wrap items-center gap-2">
            <NativeSelect
              compact
              aria-label={`Role of ${user.name}`}
              value={user.role}
              disabled={action.isPending}
              onChange={(e) => run({ kind: 'role', id: user.id, role: e.target.value as Role })}
            >
              {ROLES.map((role) => (
                <option key={role} value={role}>
                  {role}
                </option>
              ))}
            </NativeSelect>
            <Button
              size="sm"
              variant="outline"
              disabled={action.isPending}
              aria-label={`${suspended ? 'Unsuspend' : 'Suspend'} ${user.name}`}
              onClick={() => run({ kind: suspended ? 'unsuspend' : 'suspend', id: user.id })}
            >
              {suspended ? 'Unsuspend' : 'Suspend'}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={action.isPending}
              aria-label={`Send reset link to ${user.name}`}
              onClick={() => run({ kind: 'reset-link', id: user.id })}
            >
              Send reset link
            </Button>
            <Link
              to={paths.adminUser.href(user.id)}
              aria-label={`Open ${user.name} to delete the account`}
              className="text-sm font-medium text-destructive-soft-foreground hover:underline"
            >
              Delete…
            </Link>
          </div>
        ) : (
          <span className="text-sm text-muted-foreground">{user.role}</span>
        )}
      </div>
    </li>
  );
}

export default function AdminUsersRoute() {
  const { user: me } = useAuth();
  const [q, setQ] = useState('');
  const [role, setRole] = useState<Role | ''>('');
  const [status, setStatus] = useState<'active' | 'suspended' | ''>('');
  const [page, setPage] = useState(1);
  const users = useUsers({
    q: q || undefined,
    role: role || undefined,
    status: status || undefined,
    page,
    page_size: PAGE_SIZE,
  });
  const pages = users.data ? Math.max(1, Math.ceil(users.data.total / PAGE_SIZE)) : 1;
  return (
    <div className="space-y-4">
      <title>Users — Admin — Lumiskin</title>
      <h1 className="text-2xl font-bold">Users</h1>
      <div className="flex flex-wrap gap-2">
        <Input
          aria-label="Search users"
          placeholder="Search by name or email"
          className="max-w-xs"
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setPage(1);
          }}
        />
        <NativeSelect
          aria-label="Filter by role"
          value={role}
          onChange={(e) => {
            setRole(e.target.value as Role | '');
            setPage(1);
          }}
        >
          <option value="">All roles</option>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect
          aria-label="Filter by status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as 'active' | 'suspended' | '');
            setPage(1);
          }}
        >
          <option value="">Any status</option>
          <option value="active">Active</option>
          <option value="suspended">Suspended</option>
        </NativeSelect>
      </div>
      <Card className="px-4">
        {users.isPending ? (
          <Spinner />
        ) : users.isError ? (
          <LoadError what="the users" onRetry={() => void users.refetch()} />
        ) : (
          <ul>
            {users.data.users.map((u) => (
              <UserRow key={u.id} user={u} isAdmin={me?.role === 'admin'} />
            ))}
          </ul>
        )}
      </Card>
      <Pager page={page} pages={pages} onPage={setPage} />
    </div>
  );
}
