// Outreach step 1: the clients outreach looks at, gathered from meetings and Wealthbox, for the user
// to correct or add to before finding who needs contact now.
import { OUTREACH_MAX_CLIENTS, type TOutreachClient } from '@knap/contracts';
import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { cardClasses, mutedTextClasses } from '../../../components/ui/card';
import { fieldClasses } from '../../../components/ui/field';
import { cn } from '../../../lib/cn';
import { plural } from '../../../lib/format';
import { ChipsField } from '../../knaps/components/chips-field';
import { StepAction, StepLoadState } from '../../knaps/components/knap-step';
import { type KnapComponentState, useKnapComponent } from '../../knaps/use-knap-component';
import type { TClientInfoData } from '../types';

/** The columns typed straight into; life events are chips. */
const COLUMNS: ReadonlyArray<{
  field: 'name' | 'email' | 'birth_date' | 'last_contact';
  label: string;
  width: string;
  type?: 'email' | 'date';
  maxLength?: number;
}> = [
  { field: 'name', label: 'Name', width: 'min-w-40', maxLength: 200 },
  { field: 'email', label: 'Email', width: 'min-w-52', type: 'email', maxLength: 254 },
  { field: 'birth_date', label: 'Birth date', width: 'min-w-36', type: 'date' },
  { field: 'last_contact', label: 'Last contact', width: 'min-w-36', type: 'date' },
];
const MAX_LIFE_EVENTS = 20;
const LIFE_EVENT_MAX_CHARS = 500;

export function ClientsStep() {
  const state = useKnapComponent<TClientInfoData>('client-info');
  if (!state.data)
    return <StepLoadState state={state} loadingLabel="Loading clients..." emptyText="No clients to show." />;
  return <ClientsForm data={state.data} state={state} />;
}

/** A client as the table edits it: empty text where the contract has null. */
interface ClientRow {
  id: string;
  name: string;
  email: string;
  birth_date: string;
  last_contact: string;
  life_events: string[];
}

const toRow = (c: TOutreachClient): ClientRow => ({
  ...c,
  email: c.email ?? '',
  birth_date: c.birth_date ?? '',
  last_contact: c.last_contact ?? '',
});

const toClient = (r: ClientRow): TOutreachClient => ({
  id: r.id,
  name: r.name.trim(),
  email: r.email.trim() || null,
  birth_date: r.birth_date || null,
  last_contact: r.last_contact || null,
  life_events: r.life_events,
});

let added = 0;
const newRow = (): ClientRow => ({
  // Ids only have to be unique within the list; randomUUID needs a secure context.
  id: `manual:${Date.now().toString(36)}-${++added}`,
  name: '',
  email: '',
  birth_date: '',
  last_contact: '',
  life_events: [],
});

const isBlank = (r: ClientRow) =>
  !r.name.trim() && !r.email.trim() && !r.birth_date && !r.last_contact && !r.life_events.length;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What is wrong with the rows, field by field, and the first problem as a sentence. */
function problemsOf(rows: ClientRow[]) {
  const invalid = new Set<string>();
  let message: string | null = null;
  rows.forEach((row, n) => {
    const problems = [
      !row.name.trim() && ['name', `Client ${n + 1} needs a name.`],
      row.email.trim() &&
        !EMAIL.test(row.email.trim()) && ['email', `${row.email.trim()} is not an email address.`],
    ].filter((p): p is [string, string] => Boolean(p));
    for (const [field, text] of problems) {
      invalid.add(`${row.id}:${field}`);
      message ??= text;
    }
  });
  return { invalid, message };
}

function ClientsForm({ data, state }: { data: TClientInfoData; state: KnapComponentState<TClientInfoData> }) {
  const [rows, setRows] = useState<ClientRow[]>(() => data.clients.map(toRow));
  const [invalid, setInvalid] = useState<ReadonlySet<string>>(new Set());
  const [formError, setFormError] = useState<string | null>(null);

  const update = (id: string, change: Partial<ClientRow>) =>
    setRows((all) => all.map((r) => (r.id === id ? { ...r, ...change } : r)));
  // The new row's name field takes the focus, so a keyboard user types straight into it.
  const [focusId, setFocusId] = useState<string | null>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  useEffect(() => {
    if (focusId) tableRef.current?.querySelector<HTMLInputElement>(`[data-cell="${focusId}:name"]`)?.focus();
  }, [focusId]);
  const addRow = () => {
    const row = newRow();
    setRows((all) => [...all, row]);
    setFocusId(row.id);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (state.isProcessing) return;
    // A row added and left empty is dropped rather than refused.
    const kept = rows.filter((r) => !isBlank(r));
    const problems = problemsOf(kept);
    setRows(kept);
    setInvalid(problems.invalid);
    setFormError(problems.message ?? (kept.length ? null : 'Add at least one client first.'));
    if (problems.message || !kept.length) return;
    void state.process({ clients: kept.map(toClient) });
  };

  const isFull = rows.length >= OUTREACH_MAX_CLIENTS;
  const disabled = state.isProcessing;
  const cell = 'px-1.5 py-2 align-top';
  const input = cn(fieldClasses, 'h-9 w-full');
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      {rows.length ? (
        <>
          <p className={mutedTextClasses}>
            {plural(rows.length, 'client')} from the meetings your notetaker recorded and your Wealthbox
            contacts. Correct anything that is off, add a birth date where it is missing, then find who needs
            contact now.
          </p>
          <div className="overflow-x-auto rounded-xl border border-zinc-200 dark:border-zinc-800">
            <table ref={tableRef} className="w-full text-left text-sm">
              <thead className="bg-zinc-50 text-xs text-zinc-500 uppercase tracking-wide dark:bg-zinc-900 dark:text-zinc-400">
                <tr>
                  {COLUMNS.map((column) => (
                    <th key={column.field} scope="col" className="px-1.5 py-2 font-medium">
                      {column.label}
                    </th>
                  ))}
                  <th scope="col" className="px-1.5 py-2 font-medium">
                    <span className="sr-only">Remove</span>
                  </th>
                </tr>
              </thead>
              {rows.map((row, n) => {
                const who = `client ${n + 1}`;
                // A client takes two rows: the fields, then the life events under them, so the table
                // stays narrow enough for a laptop without scrolling sideways.
                return (
                  <tbody key={row.id} className="border-zinc-200 border-t dark:border-zinc-800">
                    <tr>
                      {COLUMNS.map((column) => {
                        const key = `${row.id}:${column.field}`;
                        return (
                          <td key={column.field} className={cn(cell, 'pt-3')}>
                            <input
                              type={column.type ?? 'text'}
                              aria-label={`${column.label}, ${who}`}
                              data-cell={key}
                              value={row[column.field]}
                              maxLength={column.maxLength}
                              disabled={disabled}
                              aria-invalid={invalid.has(key) || undefined}
                              onChange={(e) => update(row.id, { [column.field]: e.target.value })}
                              className={cn(input, column.width)}
                            />
                          </td>
                        );
                      })}
                      <td className={cn(cell, 'pt-3 text-right')}>
                        <Button
                          variant="ghost"
                          size="sm"
                          title={`Remove ${who}`}
                          disabled={disabled}
                          onClick={() => setRows((all) => all.filter((r) => r.id !== row.id))}
                          className="px-2"
                        >
                          <Trash2 aria-hidden="true" className="size-4" />
                          <span className="sr-only">Remove {who}</span>
                        </Button>
                      </td>
                    </tr>
                    <tr>
                      <td colSpan={COLUMNS.length + 1} className={cn(cell, 'pb-3')}>
                        <div className="flex flex-col gap-1.5 sm:flex-row sm:items-start sm:gap-3">
                          <span aria-hidden="true" className="pt-1 text-xs text-zinc-500 dark:text-zinc-400">
                            Life events
                          </span>
                          <ChipsField
                            isCompact
                            label={`Life events of ${who}`}
                            addLabel={`New life event, ${who}`}
                            items={row.life_events}
                            onChange={(life_events) => update(row.id, { life_events })}
                            max={MAX_LIFE_EVENTS}
                            maxChars={LIFE_EVENT_MAX_CHARS}
                            disabled={disabled}
                          />
                        </div>
                      </td>
                    </tr>
                  </tbody>
                );
              })}
            </table>
          </div>
        </>
      ) : (
        <div className={cn(cardClasses, 'flex flex-col gap-2')}>
          <h2 className="font-semibold text-zinc-900 dark:text-zinc-50">No clients yet</h2>
          <p className={mutedTextClasses}>
            Clients come from the meetings your notetaker records (everyone you met, the date you last met and
            life events from the notes) and from your Wealthbox contacts, once Wealthbox is connected on the{' '}
            <Link
              to="/connections"
              className="text-indigo-600 underline-offset-2 hover:underline dark:text-indigo-400"
            >
              Connections page
            </Link>
            . You can also add clients here by hand.
          </p>
        </div>
      )}
      <div>
        <Button variant="secondary" disabled={disabled || isFull} onClick={addRow}>
          <Plus aria-hidden="true" className="size-4" />
          Add a client
        </Button>
      </div>
      <StepAction
        label="Find who needs contact"
        progressLabel={`Checking ${plural(rows.length, 'client')}...`}
        isProcessing={state.isProcessing}
        error={formError ?? state.error}
      />
    </form>
  );
}
