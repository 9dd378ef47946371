import { INTEGRATION_NAMES } from '@knap/contracts';
import { z } from 'zod';
import { drive, dropbox, type FileStore, type FileText, oneDrive } from '../../connections/systems/files.js';
import { defineTool, type ToolDefinition } from '../define.js';
import { providerId, searchTool } from './connected-search.js';

/** Search and read tools for one connected file store; both only read, so neither asks. */
function fileTools(prefix: string, store: FileStore, id: z.ZodString): ToolDefinition[] {
  const system = INTEGRATION_NAMES[store.type];
  return [
    searchTool({
      name: `${prefix}_search`,
      description: `Find files in the user's ${system} by name or content: id, name, type, modified date, size and link of each.`,
      noun: 'file',
      maxQuery: 200,
      search: store.search,
    }),
    defineTool({
      name: `${prefix}_read`,
      description: `Read the text of one ${system} file by the id ${prefix}_search gave. Long files are cut (truncated: true); binary files such as PDFs or images cannot be read.`,
      inputSchema: z.object({ id }),
      needsApproval: false,
      creditCost: 0,
      summarize: (out) => {
        const file = out as FileText;
        return `Read ${file.name.slice(0, 60)}${file.truncated ? ' (cut short)' : ''}`;
      },
      execute: (input, ctx) => store.read(ctx.deps, ctx.user.id, input.id),
    }),
  ];
}

export const driveTools = fileTools('drive', drive, providerId);
export const oneDriveTools = fileTools('onedrive', oneDrive, providerId);
/** Dropbox names a file by `id:…` or by its path. */
export const dropboxTools = fileTools(
  'dropbox',
  dropbox,
  z
    .string()
    .min(1)
    .max(1000)
    .regex(/^(id:|\/)/, 'a file id (id:…) or a path starting with /'),
);
