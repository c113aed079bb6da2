import type { SearchResponse } from '@lumiskin/contract/search';
import {
  BookOpenIcon,
  ClockIcon,
  PackageIcon,
  SearchIcon,
  SparklesIcon,
  XIcon,
} from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useSearch } from '@/lib/api/search';
import { getStringList, RECENT_SEARCHES_KEY as RECENT_KEY, setItem } from '@/lib/platform/storage';
import { cn } from '@/lib/utils';

const RECENT_MAX = 5;
const DEBOUNCE_MS = 200;

const readRecentSearches = () => getStringList(RECENT_KEY).slice(0, RECENT_MAX);

function rememberSearch(q: string) {
  const text = q.trim();
  if (!text) return;
  const rest = readRecentSearches().filter((r) => r.toLowerCase() !== text.toLowerCase());
  setItem(RECENT_KEY, JSON.stringify([text, ...rest].slice(0, RECENT_MAX)));
}

type Kind = 'recent' | 'product' | 'article' | 'quiz';

interface Option {
  id: string;
  kind: Kind;
  label: string;
  detail?: string;
  /** Where choosing it goes; a recent search fills the box instead. */
  href?: string;
}

interface Group {
  kind: Kind;
  title: string;
  icon: ReactNode;
  options: Option[];
}

function resultGroups(data: SearchResponse | undefined): Group[] {
  if (!data) return [];
  const groups: Group[] = [
    {
      kind: 'product',
      title: 'Products',
      icon: <PackageIcon aria-hidden />,
      options: data.products.map((p) => ({
        id: `product-${p.id}`,
        kind: 'product',
        label: p.name,
        detail: p.short_description,
        href: paths.product.href(p.id),
      })),
    },
    {
      kind: 'article',
      title: 'Articles',
      icon: <BookOpenIcon aria-hidden />,
      options: data.articles.map((a) => ({
        id: `article-${a.slug}`,
        kind: 'article',
        label: a.title,
        detail: a.category,
        href: paths.article.href(a.slug),
      })),
    },
    {
      kind: 'quiz',
      title: 'Quiz categories',
      icon: <SparklesIcon aria-hidden />,
      options: data.quiz_categories.map((c) => ({
        id: `quiz-${c.id}`,
        kind: 'quiz',
        label: c.name,
        detail: c.description,
        href: paths.quizCategory.href('category', c.id),
      })),
    },
  ];
  return groups.filter((g) => g.options.length > 0);
}

/**
 * The navigation's search box (docs/product-rules.md#navigation): one search over products, articles and quiz categories,
 * results grouped by kind, recent searches kept in this browser. An ARIA 1.2 combobox: focus stays
 * in the box, arrow keys move through the options (aria-activedescendant), Enter opens the
 * highlighted one, Escape closes the list and then clears the box.
 */
export function NavSearch() {
  const navigate = useNavigate();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [debounced, setDebounced] = useState('');
  const [isOpen, setIsOpen] = useState(false);
  const [isExpanded, setIsExpanded] = useState(false); // phones: the box opens under the header
  const [active, setActive] = useState(-1);
  const [recent, setRecent] = useState<string[]>([]);

  useEffect(() => {
    const timer = setTimeout(() => setDebounced(query.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query]);

  const search = useSearch(debounced);
  const typed = query.trim().length >= 2;
  const groups = typed ? resultGroups(search.data) : recentGroups(recent);
  const options = groups.flatMap((g) => g.options);
  const isSearching = typed && (search.isFetching || debounced !== query.trim());
  const showList = isOpen && (options.length > 0 || (typed && !isSearching));

  function open() {
    setRecent(readRecentSearches());
    setIsOpen(true);
  }

  function close() {
    setIsOpen(false);
    setActive(-1);
  }

  function choose(option: Option) {
    if (option.kind === 'recent') {
      setQuery(option.label);
      setActive(-1);
      inputRef.current?.focus();
      return;
    }
    rememberSearch(query);
    close();
    setIsExpanded(false);
    setQuery('');
    if (option.href) void navigate(option.href);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!isOpen) open();
        if (options.length === 0) return;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((current) => nextActive(current, step, options.length));
        return;
      }
      case 'Enter': {
        const option = options[active] ?? (typed ? options[0] : undefined);
        if (option && showList) {
          event.preventDefault();
          choose(option);
        }
        return;
      }
      case 'Escape':
        event.preventDefault();
        if (showList) close();
        else if (query) setQuery('');
        else setIsExpanded(false);
        return;
    }
  }

  return (
    <div className="relative">
      <SearchToggle
        isExpanded={isExpanded}
        onExpand={() => {
          setIsExpanded(true);
          // The box appears with this render; focus it once it is there.
          setTimeout(() => inputRef.current?.focus(), 0);
        }}
      />
      <div
        className={cn(
          isExpanded
            ? 'fixed inset-x-0 top-16 z-50 border-b bg-background p-3 shadow-soft'
            : 'hidden',
          'md:static md:block md:border-0 md:bg-transparent md:p-0 md:shadow-none',
          isExpanded
            ? 'lg:fixed lg:border-b lg:bg-background lg:p-3 lg:shadow-soft xl:static xl:border-0 xl:bg-transparent xl:p-0 xl:shadow-none'
            : 'lg:hidden xl:block',
        )}
      >
        <div className="relative md:w-48 lg:w-auto xl:w-44">
          <SearchIcon
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <input
            ref={inputRef}
            type="text"
            role="combobox"
            aria-label="Search Lumiskin"
            aria-autocomplete="list"
            aria-expanded={showList}
            aria-controls={listboxIdOf(id)}
            aria-activedescendant={showList && active >= 0 ? optionId(id, active) : undefined}
            placeholder="Search"
            maxLength={100}
            autoComplete="off"
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setActive(-1);
              if (!isOpen) open();
            }}
            onFocus={open}
            onBlur={() => {
              // A click on an option lands before the blur closes the list (mousedown prevented).
              close();
              if (!query) setIsExpanded(false);
            }}
            onKeyDown={onKeyDown}
            className="h-10 w-full rounded-full border border-input bg-card pr-8 pl-9 text-base shadow-xs outline-none placeholder:text-muted-foreground/80 focus-visible:border-brand focus-visible:ring-4 focus-visible:outline-hidden focus-visible:ring-brand/15 sm:text-sm"
          />
          {query ? (
            <ClearSearchButton
              onClear={() => {
                setQuery('');
                inputRef.current?.focus();
              }}
            />
          ) : null}
        </div>
        <SearchResults
          id={id}
          groups={groups}
          query={query}
          isShown={showList}
          active={active}
          onChoose={choose}
          onHover={setActive}
        />
      </div>
    </div>
  );
}

const listboxIdOf = (id: string) => `${id}-listbox`;
const optionId = (id: string, index: number) => `${id}-option-${index}`;

function recentGroups(recent: string[]): Group[] {
  if (!recent.length) return [];
  return [
    {
      kind: 'recent',
      title: 'Recent searches',
      icon: <ClockIcon aria-hidden />,
      options: recent.map((r) => ({ id: `recent-${r}`, kind: 'recent', label: r })),
    },
  ];
}

/** The list of options, grouped by kind, or "Nothing found" (focus stays in the box). */
function SearchResults({
  id,
  groups,
  query,
  isShown,
  active,
  onChoose,
  onHover,
}: {
  id: string;
  groups: Group[];
  query: string;
  isShown: boolean;
  active: number;
  onChoose: (option: Option) => void;
  onHover: (index: number) => void;
}) {
  let index = -1;
  return (
    // At most what the window leaves below the header and the box (8.5 rem on a phone, where the
    // box sits in a bar under the header): a phone held sideways reaches the last result.
    <div
      id={listboxIdOf(id)}
      role="listbox"
      aria-label="Search results"
      hidden={!isShown}
      onMouseDown={(event) => event.preventDefault()}
      className="absolute inset-x-3 z-50 mt-2 max-h-[min(70vh,calc(100dvh-8.5rem))] overflow-y-auto rounded-2xl border bg-popover p-1.5 text-popover-foreground shadow-lift wrap-anywhere md:right-0 md:left-auto md:w-[22rem]"
    >
      {groups.length === 0 ? (
        <p className="px-3 py-4 text-sm text-muted-foreground" role="presentation">
          Nothing found for &ldquo;{query.trim()}&rdquo;
        </p>
      ) : (
        groups.map((group) => (
          <div key={group.kind} role="group" aria-labelledby={`${id}-${group.kind}`}>
            <p
              id={`${id}-${group.kind}`}
              role="presentation"
              className="flex items-center gap-1.5 px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase [&_svg]:size-3.5"
            >
              {group.icon}
              {group.title}
            </p>
            {group.options.map((option) => {
              index += 1;
              const position = index;
              return (
                <div
                  key={option.id}
                  id={optionId(id, position)}
                  role="option"
                  aria-selected={position === active}
                  onClick={() => onChoose(option)}
                  onMouseMove={() => onHover(position)}
                  className={cn(
                    'cursor-pointer rounded-xl px-3 py-2 text-sm',
                    position === active && 'bg-muted',
                  )}
                >
                  <span className="block font-medium">{option.label}</span>
                  {option.detail ? (
                    <span className="block truncate text-xs text-muted-foreground">
                      {option.detail}
                    </span>
                  ) : null}
                </div>
              );
            })}
          </div>
        ))
      )}
    </div>
  );
}

/** The option after (step 1) or before (step −1) the active one, wrapping round; −1 is none. */
function nextActive(current: number, step: 1 | -1, count: number): number {
  return current < 0 && step < 0 ? count - 1 : (current + step + count) % count;
}

function ClearSearchButton({ onClear }: { onClear: () => void }) {
  return (
    <button
      type="button"
      className="absolute top-1/2 right-2 flex size-6 -translate-y-1/2 items-center justify-center rounded-full text-muted-foreground hover:bg-muted"
      aria-label="Clear search"
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClear}
    >
      <XIcon className="size-3.5" aria-hidden />
    </button>
  );
}

/** Phones: the search button in the header that opens the box under it. */
function SearchToggle({ isExpanded, onExpand }: { isExpanded: boolean; onExpand: () => void }) {
  return (
    <Button
      variant="ghost"
      size="icon"
      // An icon on phones, and beside the signed-in navigation on laptops (1024–1279 px), where a
      // search box would push the navigation onto a second line (issue 34).
      className="md:hidden lg:inline-flex xl:hidden"
      aria-label="Search"
      aria-expanded={isExpanded}
      onClick={onExpand}
    >
      <SearchIcon className="size-5" aria-hidden />
    </Button>
  );
}
