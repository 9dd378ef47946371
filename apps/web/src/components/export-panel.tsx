// A document's PDF actions (plan, client review, newsletter, briefing): Export PDF among the
// document's other actions, progress while the PDF is made, then the ready line with Download.
import type { TPdfInfo } from '@knap/contracts';
import { Download, FileText } from 'lucide-react';
import type { ReactNode } from 'react';
import type { DocumentActions } from '../lib/document-actions';
import { Button } from './ui/button';
import { mutedTextClasses } from './ui/card';
import { Spinner } from './ui/spinner';

export interface ExportPanelProps {
  actions: Pick<DocumentActions, 'isExporting' | 'isDownloading' | 'exportPdf' | 'download'>;
  /** The PDF to offer for download. */
  pdf: TPdfInfo | null;
  /** Export is the document's main action (a primary button). */
  isPrimary?: boolean;
  /** While another action on the document runs. */
  disabled?: boolean;
  /** The document's other actions, in the same row before and after Export. */
  before?: ReactNode;
  after?: ReactNode;
  /** What the ready line says instead of '{filename} is ready, and kept in your Library.' */
  readyText?: string;
  /**
   * The ready line is a live status when it reports the export just made; not where it names a PDF
   * the document keeps and shows on every visit.
   */
  isReadyNews?: boolean;
}

export function ExportPanel({
  actions,
  pdf,
  isPrimary = false,
  disabled = false,
  before,
  after,
  readyText,
  isReadyNews = true,
}: ExportPanelProps) {
  const { isExporting, isDownloading } = actions;
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        {before}
        <Button
          variant={isPrimary ? 'primary' : 'secondary'}
          onClick={() => void actions.exportPdf()}
          disabled={disabled || isExporting}
          aria-busy={isExporting || undefined}
        >
          <FileText aria-hidden="true" className="size-4" />
          Export PDF
        </Button>
        {after}
        {isExporting ? <Spinner label="Making the PDF" showLabel /> : null}
      </div>
      {pdf && !isExporting ? (
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <p role={isReadyNews ? 'status' : undefined} className={`${mutedTextClasses} min-w-0 break-words`}>
            {readyText ?? `${pdf.filename} is ready, and kept in your Library.`}
          </p>
          <Button
            variant="secondary"
            size="sm"
            className="max-w-full"
            onClick={() => void actions.download(pdf)}
            disabled={isDownloading}
          >
            {isDownloading ? (
              <Spinner label="Downloading" />
            ) : (
              <Download aria-hidden="true" className="size-4 shrink-0" />
            )}
            <span className="min-w-0 truncate">Download {pdf.filename}</span>
          </Button>
        </div>
      ) : null}
    </div>
  );
}
