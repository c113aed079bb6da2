import type { AuditEntry } from '@lumiskin/contract/admin';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { auditChanges, auditSentence } from '@/features/admin/components/audit-entry';
import { AuditTable } from '@/features/admin/components/audit-table';
import { DEFAULT_LOCALE, setLocale } from '@/lib/format';

const base = {
  actor_id: 'a',
  actor_name: 'Ada Admin',
  actor_role: 'admin',
  created_at: '2026-08-12T09:05:00.000Z',
} as const;

const price: AuditEntry = {
  ...base,
  id: '1',
  action: 'product.price',
  entity: 'product',
  entity_id: 'aquahydra',
  before: { name: 'AquaHydra', price_pence: 1200, hidden: false },
  after: { name: 'AquaHydra', price_pence: 1450, hidden: false },
};
const role: AuditEntry = {
  ...base,
  id: '2',
  action: 'user.role',
  entity: 'user',
  entity_id: 'u1',
  before: { name: 'Zelda Member', role: 'user', suspended_at: null },
  after: { name: 'Zelda Member', role: 'moderator', suspended_at: null },
};
const copy: AuditEntry = {
  ...base,
  id: '3',
  actor_name: 'Mo Moderator',
  actor_role: 'moderator',
  action: 'product.copy',
  entity: 'product',
  entity_id: 'eventone',
  before: {
    name: 'EvenTone',
    short_description: 'Brightens',
    key_ingredients: ['Niacinamide'],
    formulation_flags: { containsVitaminC: false, gentle: true },
  },
  after: {
    name: 'EvenTone Serum',
    short_description: 'Brightens',
    key_ingredients: ['Niacinamide', 'Tranexamic acid'],
    formulation_flags: { containsVitaminC: true, gentle: true },
  },
};
const deletion: AuditEntry = {
  ...base,
  id: '4',
  action: 'article.delete',
  entity: 'article',
  entity_id: 'p1',
  before: { title: 'Retinoids without the drama', status: 'published' },
  after: null,
};
const setting: AuditEntry = {
  ...base,
  id: '5',
  action: 'setting.update',
  entity: 'setting',
  entity_id: 'signups_open',
  before: { signups_open: true },
  after: { signups_open: false },
};

afterEach(() => setLocale(DEFAULT_LOCALE));

describe('readable audit entries', () => {
  it('says who did what to which thing in a sentence', () => {
    expect(auditSentence(price)).toBe(
      'Ada Admin (admin) changed the price of AquaHydra from £12.00 to £14.50.',
    );
    expect(auditSentence(role)).toBe(
      'Ada Admin (admin) changed the role of Zelda Member from user to moderator.',
    );
    expect(auditSentence(copy)).toBe(
      'Mo Moderator (moderator) edited the description of EvenTone Serum.',
    );
    expect(auditSentence(deletion)).toBe(
      'Ada Admin (admin) deleted the article “Retinoids without the drama”.',
    );
    expect(auditSentence(setting)).toBe('Ada Admin (admin) changed the setting “Sign-ups open”.');
    expect(
      auditSentence({
        ...base,
        id: '6',
        action: 'user.sign_out',
        entity: 'user',
        entity_id: 'u1',
        before: null,
        after: { name: 'Zelda Member', revoked_sessions: 3 },
      }),
    ).toBe('Ada Admin (admin) signed Zelda Member out of every device.');
  });

  it('lists only the fields that changed, labelled, with readable values', () => {
    expect(auditChanges(copy)).toEqual([
      { label: 'Name', before: 'EvenTone', after: 'EvenTone Serum' },
      {
        label: 'Key ingredients',
        before: 'Niacinamide',
        after: 'Niacinamide, Tranexamic acid',
      },
      { label: 'Contains vitamin C', before: 'no', after: 'yes' },
    ]);
    expect(auditChanges(price)).toEqual([{ label: 'Price', before: '£12.00', after: '£14.50' }]);
  });

  it('shows entries without raw JSON, dates in the visitor’s locale', () => {
    setLocale('en-US');
    render(<AuditTable entries={[price, copy, deletion]} />);
    const items = within(screen.getByRole('list', { name: 'Audit entries' })).getAllByRole(
      'listitem',
    );
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent(
      /^Aug 12, 2026, \d{1,2}:05\s?(AM|PM) · Ada Admin \(admin\) changed the price/,
    );
    expect(within(items[1]!).getByText('Contains vitamin C').nextSibling).toHaveTextContent(
      /^from no → to yes$/,
    );
    // A deletion's sentence says it all: no field list.
    expect(within(items[2]!).queryByRole('definition')).toBeNull();
    for (const item of items) expect(item.textContent).not.toMatch(/[{}"]|price_pence|_/);
  });
});
