import { useState } from 'react';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { downloadAuditCsv, useAudit } from '@/features/admin/api/audit';
import { Pager } from '@/features/admin/components/pager';

type Entity = 'user' | 'product' | 'article' | '';
const PAGE_SIZE = 50;

export default function AdminAuditRoute() {
  const [entity, setEntity] = useState<Entity>('');
  const [page, setPage] = useState(1);
  const filters = { entity: entity || undefined };
  const audit = useAudit({ ...filters, page, page_size: PAGE_SIZE });
  const pages = audit.data ? Math.max(1, Math.ceil(audit.data.total / PAGE_SIZE)) : 1;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">Audit log</h1>
        <div className="flex gap-2">
          <select
            aria-label="Filter by entity"
            className="h-9 rounded-md border bg-card px-2 text-sm"
            value={entity}
            onChange={(e) => {
              setEntity(e.target.value as Entity);
              setPage(1);
            }}
          >
            <option value="">Everything</option>
            <option value="user">Users</option>
            <option value="product">Products</option>
            <option value="article">Articles</option>
          </select>
          <Button
            size="sm"
            variant="outline"
            onClick={() => downloadAuditCsv(filters).catch(() => toast.error('The export failed'))}
          >
            Export CSV
          </Button>
        </div>
      </div>
      <Card className="overflow-x-auto px-4">
        {audit.isPending ? (
          <Spinner />
        ) : audit.isError ? (
          <LoadError what="the audit log" onRetry={() => void audit.refetch()} />
        ) : (
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b">
                <th className="py-2 pr-3">When</th>
                <th className="py-2 pr-3">Who</th>
                <th className="py-2 pr-3">What</th>
                <th className="py-2 pr-3">Change</th>
              </tr>
            </thead>
            <tbody>
              {audit.data.entries.map((e) => (
                <tr key={e.id} className="border-b align-top">
                  <td className="py-2 pr-3 whitespace-nowrap">
                    {new Date(e.created_at).toLocaleString()}
                  </td>
                  <td className="py-2 pr-3">
                    {e.actor_name} ({e.actor_role})
                  </td>
                  <td className="py-2 pr-3">
                    {e.action} <span className="text-muted-foreground">{e.entity_id}</span>
                  </td>
                  <td className="max-w-md py-2 pr-3 font-mono text-xs break-all">
                    {e.before ? <div>before: {JSON.stringify(e.before)}</div> : null}
                    {e.after ? <div>after: {JSON.stringify(e.after)}</div> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
      <Pager page={page} pages={pages} onPage={setPage} />
    </div>
  );
}
