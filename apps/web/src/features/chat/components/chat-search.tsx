// The chat panel's search: the user's own chats whose titles or messages contain the words, with
// the text around the match (plain text, never HTML).
import { Search, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { useChatSearch } from '../queries';
import { chatHref } from './chat-list-item';

const DEBOUNCE_MS = 250;

export interface ChatSearchFieldProps {
  value: string;
  onChange: (value: string) => void;
}

export function ChatSearchField({ value, onChange }: ChatSearchFieldProps) {
  const id = useId();
  return (
    <div className="relative">
      <label htmlFor={id} className="sr-only">
        Search chats
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-zinc-400"
      />
      <input
        id={id}
        type="search"
        value={value}
        maxLength={200}
        placeholder="Search chats"
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && value) {
            e.preventDefault();
            onChange('');
          }
        }}
        className="h-9 w-full rounded-lg border border-zinc-200 bg-white pr-8 pl-8 text-sm text-zinc-900 outline-none placeholder:text-zinc-400 focus:border-indigo-500 focus:ring-4 focus:ring-indigo-500/20 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 [&::-webkit-search-cancel-button]:hidden"
      />
      {value ? (
        <button
          type="button"
          aria-label="Clear search"
          onClick={() => onChange('')}
          className="absolute top-1/2 right-1.5 flex size-6 -translate-y-1/2 items-center justify-center rounded text-zinc-500 hover:bg-zinc-100 dark:hover:bg-zinc-800"
        >
          <X aria-hidden="true" className="size-3.5" />
        </button>
      ) : null}
    </div>
  );
}

export interface ChatSearchResultsProps {
  query: string;
  onNavigate?: () => void;
}

export function ChatSearchResults({ query, onNavigate }: ChatSearchResultsProps) {
  // Starts empty, so even the first keystroke waits for typing to stop.
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(query), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query]);
  const search = useChatSearch(debounced);

  if (search.isPending || debounced !== query)
    return (
      <div className="flex justify-center p-6">
        <Spinner label="Searching chats" />
      </div>
    );
  if (search.isError)
    return (
      <p role="alert" className="px-4 py-6 text-center text-red-600 text-sm dark:text-red-400">
        The search failed. Try again.
      </p>
    );
  const results = search.data.results;
  if (results.length === 0)
    return (
      <p role="status" className="px-4 py-6 text-center text-sm text-zinc-500 dark:text-zinc-400">
        No chats match “{query.trim()}”.
      </p>
    );
  return (
    <ul aria-label="Search results" className="min-h-0 flex-1 overflow-y-auto px-2 pb-3">
      {results.map((r) => (
        <li key={r.chat_id}>
          <Link
            to={chatHref(r.chat_id)}
            onClick={onNavigate}
            className="block rounded-lg px-3 py-2 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-zinc-800"
          >
            <span className="block truncate font-medium text-sm text-zinc-900 dark:text-zinc-100">
              {r.title}
            </span>
            {r.snippet ? (
              <span className="mt-0.5 line-clamp-2 block text-xs text-zinc-500 dark:text-zinc-400">
                {r.snippet}
              </span>
            ) : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}
