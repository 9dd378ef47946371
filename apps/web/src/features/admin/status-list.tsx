// The shape the admin's queues share (the review queue, knap requests): buttons choosing which
// state to list, then the list with its loading, error, empty and count lines.
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { mutedTextClasses } from '../../components/ui/card';
import { ErrorNotice } from '../../components/ui/error-notice';
import { Spinner } from '../../components/ui/spinner';
import { plural } from '../../lib/format';

export interface StatusFilterProps<S extends string> {
  views: ReadonlyArray<{ status: S; label: string }>;
  status: S;
  onChange: (status: S) => void;
}

export function StatusFilter<S extends string>({ views, status, onChange }: StatusFilterProps<S>) {
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">Show</legend>
      {views.map((view) => (
        <Button
          key={view.status}
          size="sm"
          variant={status === view.status ? 'primary' : 'secondary'}
          aria-pressed={status === view.status}
          onClick={() => onChange(view.status)}
        >
          {view.label}
        </Button>
      ))}
    </fieldset>
  );
}

export interface StatusListProps<T> {
  query: UseQueryResult<T[]>;
  loadingLabel: string;
  emptyText: string;
  /** Counted as 'n {noun}s'. */
  noun: string;
  children: (item: T) => ReactNode;
}

export function StatusList<T>({ query, loadingLabel, emptyText, noun, children }: StatusListProps<T>) {
  if (query.isPending) return <Spinner label={loadingLabel} showLabel />;
  if (query.isError)
    return <ErrorNotice message={query.error.message} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) return <p className={mutedTextClasses}>{emptyText}</p>;
  return (
    <>
      <p className={mutedTextClasses} aria-live="polite">
        {plural(query.data.length, noun)}
      </p>
      <ul className="flex flex-col gap-3">{query.data.map(children)}</ul>
    </>
  );
}
