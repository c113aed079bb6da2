import type { OptionSelectProps } from '@/components/option-select';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';

/** The full select, loaded on first use by `OptionSelect`; it mounts open, as the person asked. */
export default function OptionSelectMenu({
  label,
  value,
  options,
  onValueChange,
  className,
}: OptionSelectProps) {
  return (
    <Select value={value} onValueChange={onValueChange} defaultOpen>
      <SelectTrigger aria-label={label} className={className}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
