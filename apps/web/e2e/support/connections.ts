// Page objects for the connections screen (issue 6), named by what a user sees, plus API seeding.
import { CONNECTION_PATHS, type TMcpUrl } from '@knap/contracts';
import { expect, type Locator, type Page } from '@playwright/test';
import { apiAs } from './accounts';

export const CATEGORY_HEADINGS = ['CRM', 'Email', 'Calendar', 'Documents'] as const;

/** Every provider of SPEC §3's catalogue, by the name the screen shows. */
export const PROVIDER_NAMES = [
  'Wealthbox',
  'Zoho CRM',
  'Sevanta',
  'Copper',
  'Salesforce',
  'Outlook',
  'Gmail',
  'Outlook Calendar',
  'Google Calendar',
  'OneDrive',
  'Google Drive',
  'Dropbox',
] as const;

export class ConnectionsScreen {
  readonly heading: Locator;
  readonly notetakerCard: Locator;
  readonly addUrlButton: Locator;
  readonly mcpForm: Locator;
  readonly confirmDialog: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Connections', level: 1 });
    this.notetakerCard = page.getByRole('article', { name: 'Meeting Notetaker' });
    this.addUrlButton = page.getByRole('button', { name: 'Add URL' });
    this.mcpForm = page.getByRole('dialog', { name: /custom tool URL/ });
    this.confirmDialog = page.getByRole('alertdialog');
  }

  async goto(): Promise<void> {
    await this.page.goto('/connections');
    await expect(this.heading).toBeVisible();
    await expect(this.provider('Gmail')).toBeVisible();
  }

  categoryHeading(name: string): Locator {
    return this.page.getByRole('heading', { name, exact: true, level: 2 });
  }

  provider(name: string): Locator {
    return this.page.getByRole('listitem', { name, exact: true });
  }

  mcpRow(description: string): Locator {
    return this.page
      .getByRole('list', { name: 'Custom tool URLs' })
      .getByRole('listitem', { name: description });
  }

  /** Fills and saves the add/edit form (it stays open when the server refuses). */
  async saveMcpForm(fields: { description?: string; url?: string }): Promise<void> {
    if (fields.description !== undefined)
      await this.mcpForm.getByLabel('Description').fill(fields.description);
    if (fields.url !== undefined) await this.mcpForm.getByLabel('URL').fill(fields.url);
    await this.mcpForm.getByRole('button', { name: 'Save' }).click();
  }

  async addMcpUrl(description: string, url: string): Promise<void> {
    await this.addUrlButton.click();
    await expect(this.mcpForm).toBeVisible();
    await this.saveMcpForm({ description, url });
    await expect(this.mcpForm).toBeHidden();
    await expect(this.mcpRow(description)).toBeVisible();
  }
}

export function connectionsSeeder(page: Page, accessToken: string) {
  const api = apiAs(page.request, accessToken);
  return {
    async mcpUrls(): Promise<TMcpUrl[]> {
      const res = await api.get(CONNECTION_PATHS.mcpUrls);
      expect(res.ok()).toBe(true);
      return (await res.json()) as TMcpUrl[];
    },
  };
}
