import type { TMcpUrl } from '@knap/contracts';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogActions } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { COPY } from '../copy';
import { useAddMcpUrl, useUpdateMcpUrl } from '../queries';

// The server's own texts for an empty field (contracts/connections.ts), checked here first.
const REQUIRED = { description: 'Description is required', url: 'URL is required' } as const;

export interface McpUrlFormDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The URL being edited; adds a new one when absent. */
  editing?: TMcpUrl | null;
}

/** Add or edit a custom tool URL; the server's refusal (e.g. a private address) shows in the form. */
export function McpUrlFormDialog({ isOpen, onOpenChange, editing }: McpUrlFormDialogProps) {
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={editing ? COPY.mcpEditTitle : COPY.mcpAddTitle}
      description={COPY.mcpFormDescription}
      closeLabel="Close"
    >
      {/* Mounted per opening, so every opening starts from the saved values. */}
      <McpUrlForm editing={editing ?? null} onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}

interface McpUrlFormProps {
  editing: TMcpUrl | null;
  onDone: () => void;
}

function McpUrlForm({ editing, onDone }: McpUrlFormProps) {
  const [description, setDescription] = useState(editing?.mcp_description ?? '');
  const [url, setUrl] = useState(editing?.mcp_url ?? '');
  const [fieldErrors, setFieldErrors] = useState<{ description?: string; url?: string }>({});
  const add = useAddMcpUrl();
  const update = useUpdateMcpUrl();
  const mutation = editing ? update : add;
  const serverError = mutation.error?.message ?? null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = { mcp_description: description.trim(), mcp_url: url.trim() };
    const errors = {
      ...(input.mcp_description ? {} : { description: REQUIRED.description }),
      ...(input.mcp_url ? {} : { url: REQUIRED.url }),
    };
    setFieldErrors(errors);
    if (errors.description || errors.url) return;
    const onSuccess = () => {
      toast.success(editing ? 'Custom tool URL saved' : 'Custom tool URL added');
      onDone();
    };
    if (editing) update.mutate({ id: editing.id, ...input }, { onSuccess });
    else add.mutate(input, { onSuccess });
  };

  return (
    <form noValidate onSubmit={submit} className="mt-1 flex flex-col gap-4">
      <TextField
        label={COPY.mcpDescriptionLabel}
        name="mcp_description"
        value={description}
        autoComplete="off"
        placeholder="e.g. Portfolio analytics tools"
        error={fieldErrors.description}
        onChange={(event) => setDescription(event.target.value)}
      />
      <TextField
        label={COPY.mcpUrlLabel}
        name="mcp_url"
        value={url}
        inputMode="url"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        hint={COPY.mcpUrlHint}
        error={fieldErrors.url}
        onChange={(event) => setUrl(event.target.value)}
      />
      {serverError ? (
        <p
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-red-700 text-sm dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-300"
        >
          {serverError}
        </p>
      ) : null}
      <DialogActions cancelLabel={COPY.cancel} isBusy={mutation.isPending}>
        <Button type="submit" disabled={mutation.isPending} aria-busy={mutation.isPending || undefined}>
          {COPY.mcpSave}
        </Button>
      </DialogActions>
    </form>
  );
}
