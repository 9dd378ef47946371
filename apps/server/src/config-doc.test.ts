import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CONFIG_DOC_COMMAND, CONFIG_DOC_PATH, configReference, updateConfigDoc } from './config-doc.js';

describe('docs/configuration.md', () => {
  it('is what the env schema writes', () => {
    const committed = readFileSync(CONFIG_DOC_PATH, 'utf8');
    expect(
      committed,
      `docs/configuration.md differs from apps/server/src/config.ts; rewrite it with: ${CONFIG_DOC_COMMAND}`,
    ).toBe(updateConfigDoc(committed));
  });

  it('takes the meaning and the default from the schema', () => {
    const schema = z.object({
      A_PORT: z.coerce.number().default(3000).describe('A port'),
      A_PLAN: z.string().default('Free|$0|20').describe('name|price|credits'),
      B_KEY: z.string().optional().describe('A key'),
    });
    expect(
      configReference(schema, [
        ['A', 'A_PORT'],
        ['B', 'B_KEY'],
      ]),
    ).toBe(
      [
        '### A',
        '',
        '| variable | default | meaning |',
        '|---|---|---|',
        '| `A_PORT` | `3000` | A port |',
        '| `A_PLAN` | `Free\\|$0\\|20` | name\\|price\\|credits |',
        '',
        '### B',
        '',
        '| variable | default | meaning |',
        '|---|---|---|',
        '| `B_KEY` | unset | A key |',
      ].join('\n'),
    );
  });

  it('refuses a variable without a .describe() text', () => {
    const schema = z.object({ A_PORT: z.coerce.number().default(3000) });
    expect(() => configReference(schema, [['A', 'A_PORT']])).toThrow(/A_PORT has no \.describe\(\) text/);
  });

  it('refuses a section whose first variable is gone', () => {
    const schema = z.object({ A_PORT: z.string().describe('A port') });
    expect(() => configReference(schema, [['A', 'GONE']])).toThrow(/GONE, which the schema does not have/);
  });
});
