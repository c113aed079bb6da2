import { AUDIT_ENTITIES, type AuditEntity } from '@lumiskin/contract/admin';
import { useState } from 'react';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { downloadAuditCsv, useAudit } from '@/features/admin/api/audit';
import { AuditTable } from '@/features/admin/components/audit-table';
import { Pager } from '@/features/admin/components/pager';
import { errorMessage } from '@/lib/api/api-client';
import { NativeSelect } from '@/components/ui/native-select';

type Entity = AuditEntity | '';
const ENTITY_LABELS: Record<AuditEntity, string> = {
  user: 'Users',
  product: 'Products',
  article: 'Articles',
  quiz_question: 'Quiz questions',
  quiz_category: 'Quiz categories',
  setting: 'Settings',
  order: 'Orders',
};
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
        <title>Audit log — Admin — Lumiskin</title>
        <h1 className="text-2xl font-bold">Audit log</h1>
        <div className="flex flex-wrap gap-2">
          <NativeSelect
            compact
            aria-label="Filter by entity"
            value={entity}
            onChange={(e) => {
              setEntity(e.target.value as Entity);
              setPage(1);
            }}
          >
            <option value="">Everything</option>
            {AUDIT_ENTITIES.map((e) => (
              <option key={e} value={e}>
                {ENTITY_LABELS[e]}
              </option>
            ))}
          </NativeSelect>
          <Button
            size="sm"
            variant="outline"
            onClick={() =>
              downloadAuditCsv(filters).catch((error: unknown) =>
                toast.error(errorMessage(error, 'The export failed')),
              )
            }
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
          <AuditTable entries={audit.data.entries} />
        )}
      </Card>
      <Pager page={page} pages={pages} onPage={setPage} />
    </div>
  );
}
