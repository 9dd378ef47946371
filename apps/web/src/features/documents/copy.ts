// What the documents feature says: the composer's attach control, refusals stating the limits, and
// the document view.
import type { TDocumentLimits } from '@knap/contracts';

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
const kindList = (kinds: readonly string[]) =>
  new Intl.ListFormat('en-US', { style: 'long', type: 'disjunction' }).format(
    kinds.map((k) => k.toUpperCase()),
  );

export const DOCUMENTS_COPY = {
  attach: 'Attach files',
  remove: (name: string) => `Remove ${name}`,
  uploading: (percent: number) => `Uploading ${percent}%`,
  reading: 'Reading…',
  ready: 'Attached',
  /** The limits, as the composer states them. */
  limits: (l: TDocumentLimits) => `${kindList(l.kinds)} files, up to ${megabytes(l.max_bytes)} each`,
  tooLarge: (name: string, l: TDocumentLimits) =>
    `${name} is larger than ${megabytes(l.max_bytes)}: attach files up to ${megabytes(l.max_bytes)}.`,
  wrongKind: (name: string, l: TDocumentLimits) =>
    `${name} cannot be attached: attach ${kindList(l.kinds)} files.`,
  dropHere: 'Drop files to attach them',
  waitForUploads: 'Wait until the files are attached',
  attachedFiles: 'Attached files',
  back: 'Back to chat',
  loading: 'Loading the document…',
  imageLoading: 'Loading the image…',
  imageFailed: 'The image could not be shown.',
  noText: 'This PDF has no text layer (it is a scanned image), so its text cannot be read or searched.',
  download: 'Download the file',
  useInPlan: 'Use in financial plan',
  client: 'Client',
  clientHint: 'File it under a client: the Library lists documents by client.',
  fileUnder: 'Save',
  filed: (client: string | null) => (client ? `Filed under ${client}` : 'Not filed under a client'),
  suggested: (matched: string, location: string) => `Suggested: ${matched} — named on ${location}`,
  acceptSuggested: (client: string) => `File under ${client}`,
  pages: (kind: string, n: number) => {
    const rule = new Intl.PluralRules('en-US').select(n);
    if (kind === 'pdf') return `${n} ${rule === 'one' ? 'page' : 'pages'}`;
    if (kind === 'xlsx') return `${n} ${rule === 'one' ? 'sheet' : 'sheets'}`;
    return '';
  },
} as const;
