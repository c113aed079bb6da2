import { ROLES, type Role } from '@lumiskin/contract/auth';
import type { AdminUserDetail } from '@lumiskin/contract/admin';
import { ArrowLeftIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { useAudit } from '@/features/admin/api/audit';
import {
  USER_ACTION_DONE,
  useUserAction,
  useUserDetail,
  type UserAction,
} from '@/features/admin/api/users';
import { AuditTable } from '@/features/admin/components/audit-table';
import { errorMessage } from '@/lib/api/api-client';
import { useAuth } from '@/lib/api/auth';
import { formatDateTime, plural } from '@/lib/format';
import { NativeSelect } from '@/components/ui/native-select';

const when = (iso: string | null) => (iso ? formatDateTime(iso) : 'never');

/** What each role may do, said in the confirmation before it changes. */
const ROLE_MEANS: Record<Role, string> = {
  user: 'An ordinary account: no admin area.',
  moderator:
    'Edits articles, quiz questions and product descriptions in the admin area; cannot change prices, roles or accounts.',
  admin:
    'Everything in the admin area: prices, settings, roles, suspensions and deleting accounts.',
};

/** A role changes only once the admin has read whose and to what (a select is easy to slip on). */
function RoleDialog({
  user,
  role,
  isSelf,
  onCancel,
  onConfirm,
  pending,
}: {
  user: AdminUserDetail;
  role: Role | null;
  isSelf: boolean;
  onCancel: () => void;
  onConfirm: (role: Role) => void;
  pending: boolean;
}) {
  return (
    <Dialog open={role !== null} onOpenChange={(open) => (open ? undefined : onCancel())}>
      <DialogContent>
        {role ? (
          <>
            <DialogHeader>
              <DialogTitle>
                Make {user.name} {role === 'admin' ? 'an' : 'a'} {role}?
              </DialogTitle>
              <DialogDescription>
                {user.name} ({user.email}) is {user.role === 'admin' ? 'an' : 'a'} {user.role} now.{' '}
                {ROLE_MEANS[role]}
                {isSelf && role !== 'admin'
                  ? ' This is your own account: you will no longer be an admin.'
                  : ''}
              </DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <Button type="button" variant="ghost" onClick={onCancel}>
                Keep {user.role}
              </Button>
              <Button type="button" disabled={pending} onClick={() => onConfirm(role)}>
                Make {role}
              </Button>
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** Deleting needs the account's email typed out: a slip of the mouse cannot delete anyone. */
function DeleteDialog({
  user,
  open,
  onOpenChange,
  onConfirm,
  pending,
}: {
  user: AdminUserDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  pending: boolean;
}) {
  const [typed, setTyped] = useState('');
  const matches = typed.trim().toLowerCase() === user.email.toLowerCase();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setTyped('');
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete {user.name}’s account?</DialogTitle>
          <DialogDescription>
            Everything in it goes: scans and photos, routine, mix, quiz progress and sessions. This
            cannot be undone. Type <strong>{user.email}</strong> to confirm.
          </DialogDescription>
        </DialogHeader>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (matches) onConfirm();
          }}
          className="grid gap-4"
        >
          <Field id="delete-confirm" label="The account’s email">
            <Input
              id="delete-confirm"
              autoComplete="off"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
            />
          </Field>
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
              Keep the account
            </Button>
            <Button type="submit" variant="destructive" disabled={!matches || pending}>
              Delete for good
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function Actions({ user, selfId }: { user: AdminUserDetail; selfId: string | undefined }) {
  const navigate = useNavigate();
  const action = useUserAction();
  const [deleting, setDeleting] = useState(false);
  const [newRole, setNewRole] = useState<Role | null>(null);
  const run = (next: UserAction, then?: () => void) =>
    action.mutate(next, {
      onSuccess: () => {
        toast.success(USER_ACTION_DONE[next.kind]);
        then?.();
      },
      onError: (error) => toast.error(errorMessage(error, 'That did not work')),
    });
  const suspended = user.status === 'suspended';
  const isSelf = user.id === selfId;
  return (
    <Card className="grid grid-cols-1 gap-4 p-4 sm:p-5">
      <h2 className="text-lg font-semibold">Actions</h2>
      <label className="grid max-w-xs gap-2 text-sm font-medium">
        Role
        <NativeSelect
          value={user.role}
          disabled={action.isPending}
          onChange={(e) => {
            const role = e.target.value as Role;
            if (role !== user.role) setNewRole(role);
          }}
        >
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {role}
            </option>
          ))}
        </NativeSelect>
      </label>
      {isSelf ? (
        <p className="text-sm text-muted-foreground">
          This is your own account: you may step down while another admin remains, but not suspend
          or delete it here.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          disabled={action.isPending || isSelf}
          onClick={() => run({ kind: suspended ? 'unsuspend' : 'suspend', id: user.id })}
        >
          {suspended ? 'Lift the suspension' : 'Suspend'}
        </Button>
        <Button
          variant="outline"
          // Its words wrap rather than leave a phone's width when the reader's text is large.
          className="h-auto min-h-11 max-w-full py-2 whitespace-normal"
          disabled={action.isPending}
          onClick={() => run({ kind: 'reset-link', id: user.id })}
        >
          Send a password reset link
        </Button>
        {/* A person whose account was taken: every device out, the account as it is. */}
        <Button
          variant="outline"
          disabled={action.isPending || isSelf || user.signed_in_devices === 0}
          onClick={() => run({ kind: 'sign-out', id: user.id })}
        >
          Sign out of every device
        </Button>
        <Button
          variant="destructive"
          disabled={action.isPending || isSelf}
          onClick={() => setDeleting(true)}
        >
          Delete account…
        </Button>
      </div>
      <RoleDialog
        user={user}
        role={newRole}
        isSelf={isSelf}
        pending={action.isPending}
        onCancel={() => setNewRole(null)}
        onConfirm={(role) => run({ kind: 'role', id: user.id, role }, () => setNewRole(null))}
      />
      <DeleteDialog
        user={user}
        open={deleting}
        onOpenChange={setDeleting}
        pending={action.isPending}
        onConfirm={() =>
          run({ kind: 'delete', id: user.id }, () => {
            setDeleting(false);
            void navigate(paths.adminUsers.href);
          })
        }
      />
    </Card>
  );
}

/** What the audit log says about this account, and (staff) what they did. Admins only. */
function AccountHistory({ user }: { user: AdminUserDetail }) {
  const about = useAudit({ entity: 'user', entity_id: user.id, page: 1, page_size: 10 });
  const by = useAudit({ actor_id: user.id, page: 1, page_size: 10 });
  const section = (title: string, query: typeof about, empty: string) => (
    <Card className="overflow-x-auto p-4 sm:p-5">
      <h2 className="mb-2 text-lg font-semibold">{title}</h2>
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <LoadError what="the audit entries" onRetry={() => void query.refetch()} />
      ) : query.data.entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <AuditTable entries={query.data.entries} />
      )}
    </Card>
  );
  return (
    <>
      {section('Recent changes to this account', about, 'No admin has changed this account.')}
      {user.role !== 'user'
        ? section('Recent changes by this account', by, 'Nothing changed in the admin area yet.')
        : null}
    </>
  );
}

function Detail({ user }: { user: AdminUserDetail }) {
  const rows: [string, string | number][] = [
    ['Email', user.email],
    ['Role', user.role],
    [
      'Status',
      user.status === 'suspended' ? `suspended since ${when(user.suspended_at)}` : 'active',
    ],
    ['Signed up', when(user.created_at)],
    ['Last active', when(user.last_active_at)],
    [
      'Signed in on',
      user.signed_in_devices === 0 ? 'no device' : plural(user.signed_in_devices, 'device'),
    ],
    ['Profile last changed', when(user.updated_at)],
    ['Time zone', user.timezone],
    ['Email notifications', user.email_notifications ? 'on' : 'off'],
    ['Marketing emails', user.marketing ? 'on' : 'off'],
  ];
  const counts: [string, number][] = [
    ['Scans', user.scan_count],
    ['Quizzes played', user.quiz_plays],
    ['Quiz points', user.quiz_points],
    ['Articles read', user.articles_read],
    ['Articles liked', user.articles_liked],
    ['Articles saved', user.articles_saved],
  ];
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card className="p-4 sm:p-5">
        <h2 className="mb-2 text-lg font-semibold">Profile</h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="break-all">{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <Card className="p-4 sm:p-5">
        <h2 className="mb-2 text-lg font-semibold">Activity</h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {counts.map(([label, value]) => (
            <div key={label} className="rounded-xl bg-muted px-3 py-2">
              <dt className="text-xs text-muted-foreground">{label}</dt>
              <dd className="text-xl font-semibold">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-3 text-xs text-muted-foreground">
          Counts and dates only: photos, skin scores and analyses stay private to the person.
        </p>
      </Card>
    </div>
  );
}

/** /admin/users/:id: one account (moderators read; admins also act and see its audit trail). */
export default function AdminUserDetailRoute() {
  const { id = '' } = useParams();
  const { user: me } = useAuth();
  const detail = useUserDetail(id);
  const isAdmin = me?.role === 'admin';
  return (
    <div className="space-y-4">
      <title>{`${detail.data?.name ?? 'Account'} — Users — Admin — Lumiskin`}</title>
      <Link
        to={paths.adminUsers.href}
        className="inline-flex items-center gap-1 text-sm text-primary-text hover:underline"
      >
        <ArrowLeftIcon className="size-4" aria-hidden /> All users
      </Link>
      {detail.isPending ? (
        <Spinner />
      ) : detail.isError ? (
        <LoadError what="this account" onRetry={() => void detail.refetch()} />
      ) : (
        <>
          <h1 className="text-2xl font-bold wrap-anywhere">{detail.data.name}</h1>
          <Detail user={detail.data} />
          {isAdmin ? (
            <>
              <Actions user={detail.data} selfId={me?.id} />
              <AccountHistory user={detail.data} />
            </>
          ) : (
            <p className="text-sm text-muted-foreground">
              Roles, suspensions, reset links and deletion are an admin’s.
            </p>
          )}
        </>
      )}
    </div>
  );
}
