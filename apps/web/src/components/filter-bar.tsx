import type { ReactNode } from 'react';
import { OptionSelect } from '@/components/option-select';
import { SearchField } from '@/components/search-field';

const ALL = 'all';

/**
 * A list's search box and category select side by side (the shop and Learn & Glow); '' is "all".
 * `children` go after the select (a layout switch, a reading-list toggle).
 */
export function FilterBar({
  query,
  onQueryChange,
  searchLabel,
  searchPlaceholder,
  category,
  categories,
  onCategoryChange,
  categoryLabel,
  allLabel,
  children,
}: {
  query: string;
  onQueryChange: (value: string) => void;
  searchLabel: string;
  searchPlaceholder: string;
  category: string;
  categories: readonly string[];
  onCategoryChange: (value: string) => void;
  categoryLabel: string;
  allLabel: string;
  children?: ReactNode;
}) {
  return (
    <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-center">
      <div className="sm:flex-1">
        <SearchField
          value={query}
          onChange={onQueryChange}
          label={searchLabel}
          placeholder={searchPlaceholder}
        />
      </div>
      <div className="flex flex-wrap gap-3">
        <div className="min-w-40 flex-1 sm:w-52 sm:flex-none">
          <OptionSelect
            label={categoryLabel}
            value={category || ALL}
            options={[
              { value: ALL, label: allLabel },
              ...categories.map((c) => ({ value: c, label: c })),
            ]}
            onValueChange={(value) => onCategoryChange(value === ALL ? '' : value)}
          />
        </div>
        {children}
      </div>
    </div>
  );
}
