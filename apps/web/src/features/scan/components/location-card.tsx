import type { GeoPlace } from '@lumiskin/contract/geo';
import { CrosshairIcon, MapPinIcon, PencilIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import {
  findPlace,
  QUICK_LOCATIONS,
  searchPlaces,
  type DetectedVia,
} from '@/features/scan/api/geo';
import { cn } from '@/lib/utils';

const VIA_TEXT: Record<DetectedVia | 'manual', string> = {
  gps: 'from your device location',
  last: 'where you scanned last',
  ip: 'from your internet connection (approximate)',
  none: '',
  manual: 'chosen by you',
};

/** Suggestions from our own gazetteer while typing (no third-party geocoder). */
function usePlaceSuggestions(text: string) {
  const [suggestions, setSuggestions] = useState<GeoPlace[]>([]);
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
  return suggestions;
}

function CurrentLocation({
  detecting,
  location,
  via,
}: {
  detecting: boolean;
  location: string | null;
  via: DetectedVia | 'manual';
}) {
  return (
    <p className="mt-2 flex items-center gap-2 font-medium" aria-live="polite">
      {detecting ? (
        <>
          <Spinner className="size-4" label="Detecting your location" /> Detecting your location…
        </>
      ) : location ? (
        <>
          <span data-testid="scan-location">{location}</span>
          <span className="text-xs font-normal text-muted-foreground">· {VIA_TEXT[via]}</span>
        </>
      ) : (
        <span className="text-muted-foreground" data-testid="scan-location-missing">
          No location yet: choose your town for its UV and climate
        </span>
      )}
    </p>
  );
}

/** The quick picks and Use my location (said so whether or not it was found before). */
function QuickLocations({
  location,
  disabled,
  onPick,
  onDetect,
}: {
  location: string | null;
  disabled?: boolean;
  onPick: (location: string) => void;
  onDetect: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      {QUICK_LOCATIONS.map((option) => (
        <button
          key={option}
          type="button"
          disabled={disabled}
          onClick={() => onPick(option)}
          className={cn(
            'inline-flex h-11 items-center rounded-full border px-4 text-sm font-medium transition-colors hover:border-brand/60 hover:bg-primary-soft focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
            option === location ? 'border-brand bg-primary-soft' : 'border-input bg-card',
          )}
        >
          {option}
        </button>
      ))}
      <Button variant="ghost" size="sm" className="h-11" onClick={onDetect} disabled={disabled}>
        <CrosshairIcon aria-hidden /> Use my location
      </Button>
    </div>
  );
}

/** A typed place the gazetteer does not know, with real places to pick instead. */
function UnknownPlace({
  unknown,
  onChoose,
}: {
  unknown: { typed: string; places: GeoPlace[] };
  onChoose: (place: string) => void;
}) {
  return (
    <div role="alert" className="rounded-xl bg-destructive/10 p-3 text-sm">
      <p>
        We could not find “{unknown.typed}”. Check the spelling, or add the country (“Manchester,
        UK”).
      </p>
      {unknown.places.length > 0 ? (
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <span className="text-muted-foreground">Did you mean</span>
          {unknown.places.map((place) => (
            <Button
              key={`${place.name}-${place.lat}-${place.lon}`}
              variant="outline"
              size="sm"
              onClick={() => onChoose(place.name)}
            >
              {place.name}
            </Button>
          ))}
        </div>
      ) : null}
    </div>
  );
}

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
  const [checking, setChecking] = useState(false);
  /** A typed place the gazetteer does not know, with real places to pick instead. */
  const [unknown, setUnknown] = useState<{ typed: string; places: GeoPlace[] } | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();

  useEffect(() => {
    if (editing) inputRef.current?.focus();
  }, [editing]);

  const suggestions = usePlaceSuggestions(text);

  const choose = (value: string) => {
    onChange(value);
    setText('');
    setUnknown(null);
    onEditingChange(false);
  };

  // docs/product-rules.md#validation: trimmed, ignored when empty, Enter submits. A made-up place is refused here, with
  // real ones to pick, instead of failing later at Analyze.
  const submit = async () => {
    const value = text.trim();
    if (!value || checking) return;
    setChecking(true);
    try {
      const place = await findPlace(value);
      if (place) {
        choose(value);
        return;
      }
      const firstWord = value.split(/[\s,]+/)[0] ?? value;
      const places = await searchPlaces(firstWord.slice(0, 4)).catch(() => []);
      setUnknown({ typed: value, places: places.slice(0, 5) });
    } catch {
      // The check itself failed (offline): keep the typed place; the scan checks it again.
      choose(value);
    } finally {
      setChecking(false);
    }
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
            <CurrentLocation detecting={detecting} location={location} via={via} />
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
          <QuickLocations
            location={location}
            disabled={disabled}
            onPick={(option) => {
              onChange(option);
              onEditingChange(false);
            }}
            onDetect={onDetect}
          />
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
                  void submit();
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
            <Button onClick={() => void submit()} disabled={disabled || checking}>
              {checking ? <Spinner className="size-4" label="Checking the place" /> : null}
              Set
            </Button>
          </div>
          {unknown ? <UnknownPlace unknown={unknown} onChoose={choose} /> : null}
        </div>
      ) : null}
    </section>
  );
}
