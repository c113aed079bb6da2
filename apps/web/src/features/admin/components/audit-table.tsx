import type { AuditEntry } from '@lumiskin/contract/admin';

/** Audit entries as a table: when, who, what, and the before/after the change recorded. */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
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
        {entries.map((e) => (
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
  );
}
