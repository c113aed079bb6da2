import { SearchIcon, XIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Input } from '@/components/ui/input';

/** A labelled search box that reports its text after a short pause (no request per keystroke). */
export function SearchField({
  value,
  onChange,
  label,
  placeholder,
  delayMs = 250,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder: string;
  delayMs?: number;
}) {
  const [text, setText] = useState(value);
  const [lastValue, setLastValue] = useState(value);
  const input = useRef<HTMLInputElement>(null);
  // Follow the URL when it changes from outside (back button, a link).
  if (value !== lastValue) {
    setLastValue(value);
    setText(value);
  }

  // On a server-rendered page, someone may type before the app has taken the page over: the box
  // then holds text the app never saw. Adopt it once, so the search runs for what is shown.
  useEffect(() => {
    const typed = input.current?.value ?? '';
    if (typed !== '' && typed !== text) setText(typed);
    // Only the first render's DOM can hold such text.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onChange(text.trim()), delayMs);
    return () => clearTimeout(timer);
  }, [text, value, onChange, delayMs]);

  return (
    <div className="relative w-full">
      <SearchIcon
        className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
      <Input
        ref={input}
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onChange(text.trim());
        }}
        className="pr-10 pl-10 [&::-webkit-search-cancel-button]:hidden"
        maxLength={100}
      />
      {text ? (
        <button
          type="button"
          onClick={() => {
            setText('');
            onChange('');
          }}
          className="absolute top-1/2 right-1 inline-flex size-9 -translate-y-1/2 items-center justify-center rounded-full text-muted-foreground hover:bg-muted hover:text-foreground"
          aria-label="Clear search"
        >
          <XIcon className="size-4" aria-hidden />
        </button>
      ) : null}
    </div>
  );
}
