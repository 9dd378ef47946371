// Prospecting step 1: choose where prospects come from (a connected CRM, the deal flow or a CSV
// file) and load them; the model then suggests criteria from the rows.
import { PROSPECT_CSV_MAX_BYTES, type ProspectSource, type TDataSelectionInput } from '@knap/contracts';
import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { cardClasses, mutedTextClasses } from '../../../components/ui/card';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { labelClasses, TextField } from '../../../components/ui/field';
import { cn } from '../../../lib/cn';
import { formatCount, plural } from '../../../lib/format';
import { StepAction, StepLoadState } from '../../knaps/components/knap-step';
import { type KnapComponentState, useKnapComponent } from '../../knaps/use-knap-component';
import type { TDataSelectionData } from '../types';
import { SkippedLines } from './skipped-lines';

export function DataSourceStep() {
  const state = useKnapComponent<TDataSelectionData>('data-selection');
  if (!state.data)
    return (
      <StepLoadState
        state={state}
        loadingLabel="Loading data sources..."
        emptyText="No data sources to show."
      />
    );
  return <DataSourceForm data={state.data} state={state} />;
}

interface CsvFile {
  name: string;
  /** The file's bytes as they are: the server tells UTF-8 from Windows-1252 and UTF-16. */
  base64: string;
  rows: number;
}

/** Data rows of CSV text: its non-blank lines less the header (a quoted line break counts twice). */
const csvRowCount = (text: string) =>
  Math.max(0, text.split(/\r\n|\n|\r/).filter((line) => line.trim()).length - 1);

const tooLarge = (name: string) =>
  `${name} is too large: a CSV file can hold at most ${formatCount(PROSPECT_CSV_MAX_BYTES)} bytes. Split it into smaller files, or remove the columns you do not need.`;

/** Bytes as base64, in slices so no call gets more arguments than an engine takes. */
function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Where loaded rows came from, as a sentence reads it. */
const sourceName = (data: TDataSelectionData, id: ProspectSource) =>
  id === 'csv' ? 'a CSV file' : (data.sources.find((s) => s.id === id)?.label ?? id);

function DataSourceForm({
  data,
  state,
}: {
  data: TDataSelectionData;
  state: KnapComponentState<TDataSelectionData>;
}) {
  const available = data.sources.filter((s) => s.available);
  const previous = data.selection && available.some((s) => s.id === data.selection?.source);
  const [source, setSource] = useState<ProspectSource>(
    previous ? data.selection!.source : (available[0]?.id ?? 'csv'),
  );
  const [query, setQuery] = useState(previous ? data.selection!.query : '');
  const [csv, setCsv] = useState<CsvFile | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const radioName = useId();
  const fileId = useId();
  const fileNoteId = useId();
  const isCsv = source === 'csv';

  const onFileChosen = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    setCsv(null);
    setFileError(null);
    if (!file) return;
    if (file.size > PROSPECT_CSV_MAX_BYTES) {
      input.value = '';
      setFileError(tooLarge(file.name));
      return;
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    // Line breaks are the same bytes in UTF-8 and Windows-1252; the count is only shown while loading.
    const rows = csvRowCount(new TextDecoder().decode(bytes));
    setCsv({ name: file.name, base64: toBase64(bytes), rows });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (state.isProcessing) return;
    let input: TDataSelectionInput;
    if (isCsv) {
      if (!csv) return setFileError(fileError ?? 'Choose a CSV file first.');
      input = { source, query: '', csv_base64: csv.base64 };
    } else input = { source, query: query.trim() };
    void state.process(input);
  };

  const progress = isCsv
    ? `Reading ${plural(csv?.rows ?? 0, 'row')} and suggesting criteria...`
    : `Reading ${sourceName(data, source)} and suggesting criteria...`;
  return (
    <form onSubmit={submit} className="flex flex-col gap-5" noValidate>
      {data.selection ? (
        <p className={cn(cardClasses, mutedTextClasses)}>
          Loaded {plural(data.selection.row_count, 'prospect')} from {sourceName(data, data.selection.source)}
          {data.selection.query ? ` (search “${data.selection.query}”)` : ''}. Load again to start over, or go
          on to the Criteria step.
        </p>
      ) : null}
      {data.selection ? <SkippedLines lines={data.selection.skipped_lines} /> : null}
      <fieldset className="flex flex-col gap-3">
        <legend className={cn(labelClasses, 'mb-3')}>Where should prospects come from?</legend>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {data.sources.map((s) => {
            const noteId = `${radioName}-${s.id}-note`;
            return (
              <div
                key={s.id}
                className={cn(
                  cardClasses,
                  'flex flex-col gap-1',
                  s.id === source && 'border-indigo-500 ring-2 ring-indigo-500/30 dark:border-indigo-400',
                  !s.available && 'bg-zinc-50 dark:bg-zinc-900/50',
                )}
              >
                <label
                  className={cn(
                    'flex items-center gap-2 font-medium text-sm text-zinc-900 dark:text-zinc-100',
                    s.available ? 'cursor-pointer' : 'cursor-not-allowed opacity-60',
                  )}
                >
                  <input
                    type="radio"
                    name={radioName}
                    value={s.id}
                    checked={s.id === source}
                    disabled={!s.available || state.isProcessing}
                    aria-describedby={s.available ? undefined : noteId}
                    onChange={() => {
                      setSource(s.id);
                      setFileError(null);
                    }}
                    className="size-4 accent-indigo-600"
                  />
                  {s.label}
                </label>
                {s.available ? null : (
                  <p id={noteId} className="pl-6 text-xs">
                    <Link
                      to="/connections"
                      className="text-indigo-600 underline-offset-2 hover:underline dark:text-indigo-400"
                    >
                      Connect it on the Connections page
                    </Link>
                  </p>
                )}
              </div>
            );
          })}
        </div>
      </fieldset>
      {isCsv ? (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={fileId} className={labelClasses}>
            CSV file
          </label>
          <input
            id={fileId}
            type="file"
            accept=".csv,text/csv"
            aria-describedby={fileNoteId}
            disabled={state.isProcessing}
            onChange={(event) => void onFileChosen(event)}
            className="text-sm text-zinc-700 file:mr-3 file:h-9 file:rounded-lg file:border file:border-zinc-200 file:bg-white file:px-3 file:font-medium file:text-sm file:text-zinc-900 dark:text-zinc-300 dark:file:border-zinc-700 dark:file:bg-zinc-900 dark:file:text-zinc-100"
          />
          <p id={fileNoteId} className="text-xs text-zinc-500 dark:text-zinc-400">
            The first row names the columns. A name column (or first name and last name) is needed; email,
            company and title are read when there; every other column is passed on as details. Exports from
            Excel, Salesforce, HubSpot, Outlook and Google Contacts can be used as they are.
          </p>
          {csv ? (
            <p className={mutedTextClasses}>
              {csv.name}: {plural(csv.rows, 'row')}
            </p>
          ) : null}
          {fileError ? <ErrorNotice message={fileError} /> : null}
        </div>
      ) : (
        <TextField
          label="Search term (optional)"
          hint="Leave it empty to read the first page of contacts."
          value={query}
          maxLength={200}
          disabled={state.isProcessing}
          onChange={(e) => setQuery(e.target.value)}
          className="max-w-md"
        />
      )}
      <StepAction
        label="Load prospects"
        progressLabel={progress}
        isProcessing={state.isProcessing}
        error={state.error}
      />
    </form>
  );
}
