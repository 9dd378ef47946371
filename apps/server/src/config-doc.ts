// Writes the reference tables of docs/configuration.md from the env schema (config.ts `ZEnv`): each
// variable's name, its default and its `.describe()` text. Run it after changing the schema:
//   node --import tsx apps/server/src/config-doc.ts
// config-doc.test.ts fails while the committed file differs from what this writes.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { ZEnv } from './config.js';

export const CONFIG_DOC_PATH = path.resolve(import.meta.dirname, '../../../docs/configuration.md');
export const CONFIG_DOC_COMMAND = 'node --import tsx apps/server/src/config-doc.ts';

const BEGIN = `<!-- BEGIN generated from apps/server/src/config.ts by \`${CONFIG_DOC_COMMAND}\`: edit the schema's .describe() texts, not this -->`;
const END = '<!-- END generated -->';

/**
 * Sections of the reference: each runs from its first variable to the next section's, in the
 * schema's order, so a variable added to the schema lands in the section it was written in.
 */
export const CONFIG_SECTIONS: ReadonlyArray<readonly [title: string, firstVariable: string]> = [
  ['Server, database and security', 'PORT'],
  ['Sign-in and connections', 'GOOGLE_CLIENT_ID'],
  ['Assistant model', 'LLM_PROVIDER'],
  ['PDFs', 'PDF_WORKERS'],
  ['Plans and billing', 'PLAN_FREE'],
  ['Operators, organizations and knaps', 'OPERATOR_EMAILS'],
  ['Widget', 'WIDGET_ALLOWED_ORIGINS'],
  ['Error reporting', 'SENTRY_DSN'],
  ['Analytics', 'POSTHOG_KEY'],
  ['Mail the product sends', 'SMTP_URL'],
  ['Rate limits', 'RATE_LIMIT_MODEL_PER_MINUTE'],
  ['Meeting bot', 'MEETING_BOT_API_URL'],
];

/** The description and default of one variable, looked for through its optional/default wrappers. */
function variableDoc(name: string, schema: z.ZodType): { meaning: string; defaultText: string } {
  let meaning: string | undefined;
  let defaultText = 'unset';
  for (let s: z.ZodType | undefined = schema; s; ) {
    meaning ??= z.globalRegistry.get(s)?.description;
    const def = s._zod.def as { type: string; innerType?: z.ZodType; defaultValue?: unknown };
    if (def.type === 'default') defaultText = `\`${String(def.defaultValue)}\``;
    s = def.type === 'default' || def.type === 'optional' ? def.innerType : undefined;
  }
  if (!meaning) throw new Error(`${name} has no .describe() text in apps/server/src/config.ts`);
  if (/[\r\n]/.test(meaning)) throw new Error(`${name}'s .describe() text must be one line`);
  return { meaning, defaultText };
}

// A `|` would end a table cell, even inside backticks.
const cell = (text: string) => text.replaceAll('|', '\\|');

/** The generated part of docs/configuration.md: one table per section. */
export function configReference(
  schema: z.ZodObject = ZEnv,
  sections: typeof CONFIG_SECTIONS = CONFIG_SECTIONS,
): string {
  const names = Object.keys(schema.shape);
  const starts = sections.map(([title, first]) => {
    const at = names.indexOf(first);
    if (at < 0) throw new Error(`Section "${title}" starts at ${first}, which the schema does not have`);
    return at;
  });
  if (starts[0] !== 0 || starts.some((at, i) => i > 0 && at <= starts[i - 1]!))
    throw new Error('Sections must start at the first variable and follow the schema order');
  return sections
    .map(([title], i) => {
      const rows = names.slice(starts[i], starts[i + 1] ?? names.length).map((name) => {
        const { meaning, defaultText } = variableDoc(name, schema.shape[name] as z.ZodType);
        return `| \`${name}\` | ${cell(defaultText)} | ${cell(meaning)} |`;
      });
      return [`### ${title}`, '', '| variable | default | meaning |', '|---|---|---|', ...rows].join('\n');
    })
    .join('\n\n');
}

/** `doc` with the part between the markers replaced by the reference made from the schema. */
export function updateConfigDoc(doc: string, reference = configReference()): string {
  const begin = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  if (begin < 0 || end < begin)
    throw new Error(`docs/configuration.md has lost its markers; they are:\n${BEGIN}\n${END}`);
  return `${doc.slice(0, begin)}${BEGIN}\n\n${reference}\n\n${doc.slice(end)}`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const doc = readFileSync(CONFIG_DOC_PATH, 'utf8');
  const next = updateConfigDoc(doc);
  if (next === doc) console.log('docs/configuration.md is up to date');
  else {
    writeFileSync(CONFIG_DOC_PATH, next);
    console.log('Wrote docs/configuration.md');
  }
}
