import type { GeoPlace } from '@lumiskin/contract/geo';
import { CrosshairIcon, MapPinIcon, PencilIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { QUICK_LOCATIONS, searchPlaces, type DetectedVia } from '@/features/scan/api/geo';
import { cn } from '@/lib/utils';

const VIA_TEXT: Record<DetectedVia | 'manual', string> = {
  gps: 'from your device location',
  ip: 'from your internet connection (approximate)',
  default: 'default location',
  manual: 'chosen by you',
};

export function LocationCard({
  location,
  via,
  detecting,
  editing,
  onEditingChange,
  onChange,
  onDetect,
  disabled,
}: {
  location: string | null;
  via: DetectedVia | 'manual';
  detecting: boolean;
  editing: boolean;
  onEditingChange: (open: boolean) => void;
  onChange: (location: string) => void;
  onDetect: () => void;
  disabled?: boolean;
}) {
  const [text, setText] = useState('');
  const [suggestions, setSuggestions] = useState<GeoPlace[]>([]);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();

  useEffect(() => {
    if (editing) inputRef.current?.focus();
  }, [editing]);

  // Suggestions from our own gazetteer while typing (no third-party geocoder).
  useEffect(() => {
    const q = text.trim();
    if (q.length < 2) {
      setSuggestions([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchPlaces(q, controller.signal)
        .then(setSuggestions)
        .catch(() => setSuggestions([]));
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text]);

  // Spec §5: trimmed, ignored when empty, Enter submits.
  const submit = () => {
    const value = text.trim();
    if (!value) return;
    onChange(value);
    setText('');
    onEditingChange(false);
  };

  return (
    <section
      aria-labelledby="location-title"
      className="rounded-2xl border bg-card p-5 shadow-soft"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex gap-3">
          <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent-soft text-accent-soft-foreground">
            <MapPinIcon className="size-5" aria-hidden />
          </span>
          <div>
            <h2 id="location-title" className="text-h3 font-semibold">
              4. Your environment
            </h2>
            <p className="text-sm text-muted-foreground">
              UV, season and climate shape your routine (sunscreen strength, richer moisturiser in
              cold, dry air).
            </p>
            <p className="mt-2 flex items-center gap-2 font-medium" aria-live="polite">
              {detecting ? (
                <>
                  <Spinner className="size-4" label="Detecting your location" /> Detecting your
                  location…
                </>
              ) : location ? (
                <>
                  <span data-testid="scan-location">{location}</span>
                  <span className="text-xs font-normal text-muted-foreground">
                    · {VIA_TEXT[via]}
                  </span>
                </>
              ) : (
                <span className="text-muted-foreground">No location set</span>
              )}
            </p>
          </div>
        </div>
        <Button
          variant="outline"
          size="sm"
          onClick={() => onEditingChange(!editing)}
          aria-expanded={editing}
          disabled={disabled}
        >
          <PencilIcon aria-hidden /> Change
        </Button>
      </div>

      {editing ? (
        <div className="mt-4 space-y-3 border-t pt-4">
          <div className="flex flex-wrap gap-2">
            {QUICK_LOCATIONS.map((option) => (
              <button
                key={option}
                type="button"
                disabled={disabled}
                onClick={() => {
                  onChange(option);
                  onEditingChange(false);
                }}
                className={cn(
                  'inline-flex h-11 items-center rounded-full border px-4 text-sm font-medium transition-colors hover:border-brand/60 hover:bg-primary-soft focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                  option === location ? 'border-brand bg-primary-soft' : 'border-input bg-card',
                )}
              >
                {option}
              </button>
            ))}
            <Button
              variant="ghost"
              size="sm"
              className="h-11"
              onClick={onDetect}
              disabled={disabled}
            >
              <CrosshairIcon aria-hidden /> Detect again
            </Button>
          </div>
          <div className="flex gap-2">
            <label htmlFor="manual-location" className="sr-only">
              City
            </label>
            <Input
              id="manual-location"
              ref={inputRef}
              list={listId}
              placeholder="Type your city, e.g. Manchester, UK"
              value={text}
              autoComplete="address-level2"
              onChange={(event) => setText(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  submit();
                }
              }}
              disabled={disabled}
            />
            <datalist id={listId}>
              {suggestions.map((place) => (
                <option key={place.name} value={place.name}>
                  {place.country_name}
                </option>
              ))}
            </datalist>
            <Button onClick={submit} disabled={disabled}>
              Set
            </Button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
