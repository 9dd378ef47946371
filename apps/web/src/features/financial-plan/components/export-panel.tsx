// The plan as a PDF: made from the saved plan into the user's PDFs (so it is in the Library too),
// then downloaded from there.
import { PDF_PATHS, type TPdfInfo } from '@knap/contracts';
import { Download, FileText } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { cardClasses, cardHeadingClasses, mutedTextClasses } from '../../../components/ui/card';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { downloadFile } from '../../../lib/download';

export interface ExportPanelProps {
  pdf: TPdfInfo | null;
  error: string | null;
  isExporting: boolean;
  onExport: () => void;
}

export function ExportPanel({ pdf, error, isExporting, onExport }: ExportPanelProps) {
  const [isDownloading, setDownloading] = useState(false);
  const download = async (file: TPdfInfo) => {
    setDownloading(true);
    try {
      await downloadFile(PDF_PATHS.pdf(file.id), file.filename);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : 'The PDF could not be downloaded');
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section aria-labelledby="plan-export" className={cn(cardClasses, 'flex flex-col gap-3')}>
      <h3 id="plan-export" className={cardHeadingClasses}>
        PDF
      </h3>
      <p className={mutedTextClasses}>
        The inputs, projected assets every five years, the narrative and the goals, ready to share.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <Button onClick={onExport} disabled={isExporting} aria-busy={isExporting || undefined}>
          <FileText aria-hidden="true" className="size-4" />
          Export PDF
        </Button>
        {isExporting ? <Spinner label="Making the PDF" showLabel /> : null}
        {pdf && !isExporting ? (
          <Button variant="secondary" onClick={() => void download(pdf)} disabled={isDownloading}>
            {isDownloading ? (
              <Spinner label="Downloading" />
            ) : (
              <Download aria-hidden="true" className="size-4" />
            )}
            <span className="min-w-0 truncate">Download {pdf.filename}</span>
          </Button>
        ) : null}
      </div>
      {pdf && !isExporting ? (
        <p role="status" className={mutedTextClasses}>
          {pdf.filename} is ready, and kept in your Library.
        </p>
      ) : null}
      {error && !isExporting ? <ErrorNotice message={error} /> : null}
    </section>
  );
}
