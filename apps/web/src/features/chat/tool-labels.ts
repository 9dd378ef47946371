// Human names for assistant tools and their arguments, so a step or an approval reads as a sentence
// rather than as code. Tools the web does not know yet (connected CRMs, MCP servers) get a name
// made from their identifier.

const TOOL_LABELS: Record<string, string> = {
  send_email: 'Send email',
  update_todo_list: 'Update checklist',
  current_datetime: 'Current date and time',
  future_value: 'Future value',
  loan_payment: 'Loan payment',
  required_minimum_distribution: 'Required minimum distribution',
  retirement_projection: 'Retirement projection',
};

const ARGUMENT_LABELS: Record<string, string> = {
  to: 'To',
  cc: 'Cc',
  bcc: 'Bcc',
  subject: 'Subject',
  body: 'Body',
  presentValue: 'Starting amount',
  annualContribution: 'Yearly contribution',
  annualRatePct: 'Annual rate',
  compoundsPerYear: 'Compounding per year',
  futureValue: 'Future value',
  priorYearEndBalance: 'Prior year-end balance',
  rmd: 'RMD',
  distributionPeriod: 'Distribution period',
  paymentsPerYear: 'Payments per year',
  principal: 'Amount borrowed',
  depletedAtAge: 'Runs out at age',
  preRetirementReturnPct: 'Return before retirement',
  postRetirementReturnPct: 'Return in retirement',
  inflationPct: 'Inflation',
};

/** 'list_meetings' -> 'List meetings', 'priorYearEndBalance' -> 'Prior year end balance'. */
export function humanize(identifier: string): string {
  const words = identifier
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : identifier;
}

export const toolLabel = (name: string): string => TOOL_LABELS[name] ?? humanize(name);

export const argumentLabel = (key: string): string => ARGUMENT_LABELS[key] ?? humanize(key);

/** One argument value as text: numbers grouped, booleans as Yes/No, anything nested as JSON. */
export function formatArgument(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number')
    return Number.isFinite(value) ? value.toLocaleString('en-US') : String(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return JSON.stringify(value, null, 2);
}

/** A tool's input as label/value rows, in the order the model gave them. */
export function argumentRows(input: unknown): Array<{ key: string; label: string; value: string }> {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    return input === undefined ? [] : [{ key: 'input', label: 'Input', value: formatArgument(input) }];
  }
  return Object.entries(input).map(([key, value]) => ({
    key,
    label: argumentLabel(key),
    value: formatArgument(value),
  }));
}
