import { ChevronDownIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { OptionSelectProps } from '@/components/option-select-menu';
import { selectTriggerClass } from '@/components/ui/select-trigger-class';

const loadMenu = () => import('@/components/option-select-menu');
const OptionSelectMenu = lazy(loadMenu);

/**
 * A Radix Select that ships none of Radix's code (select, floating-ui, scroll lock: ~30 KB gz)
 * with the page: until first used it is a same-size button showing the chosen option. Hover or
 * focus fetches the menu's chunk; a click, Enter, Space or an arrow key opens it
 * (docs/decisions/012-select-on-first-use.md).
 */
export function OptionSelect(props: OptionSelectProps) {
  const [isActive, setIsActive] = useState(false);
  const selected = props.options.find((o) => o.value === props.value);
  const trigger = (
    <button
      type="button"
      role="combobox"
      aria-label={props.label}
      aria-expanded={false}
      aria-autocomplete="none"
      className={selectTriggerClass(props.className)}
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      onClick={() => setIsActive(true)}
      onKeyDown={(event) => {
        if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
          event.preventDefault();
          setIsActive(true);
        }
      }}
    >
      <span>{selected?.label ?? props.value}</span>
      <ChevronDownIcon className="size-4 text-muted-foreground" aria-hidden />
    </button>
  );
  if (!isActive) return trigger;
  return (
    <Suspense fallback={trigger}>
      <OptionSelectMenu {...props} />
    </Suspense>
  );
}
