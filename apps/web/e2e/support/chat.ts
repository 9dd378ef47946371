// Page objects for the chat screen and the sidebar's chat panel, plus API seeding for chat specs.
import { CHAT_PATHS, type TChat } from '@knap/contracts';
import { expect, type Locator, type Page } from '@playwright/test';
import { apiAs } from './accounts';

export class ChatPanel {
  readonly mainMenu: Locator;
  readonly chatMenuLink: Locator;
  readonly heading: Locator;
  readonly backButton: Locator;
  readonly newChatButton: Locator;
  readonly markAllReadButton: Locator;
  readonly list: Locator;
  readonly unreadDots: Locator;

  constructor(readonly page: Page) {
    this.mainMenu = page.getByRole('navigation', { name: 'Main menu' });
    this.chatMenuLink = this.mainMenu.getByRole('link', { name: /^Chat/ });
    this.heading = page.getByRole('heading', { name: 'Chat', exact: true, level: 2 });
    this.backButton = page.getByRole('button', { name: 'Back', exact: true });
    this.newChatButton = page.getByRole('button', { name: 'New Chat', exact: true });
    this.markAllReadButton = page.getByRole('button', { name: 'Mark all as read' });
    this.list = page.getByRole('list', { name: 'Chats' });
    this.unreadDots = this.list.getByRole('img', { name: 'Unread' });
  }

  /** Main menu → Chat: goes to /chat and switches the sidebar to the chat panel. */
  async open(): Promise<void> {
    await this.chatMenuLink.click();
    await expect(this.heading).toBeVisible();
  }

  link(title: string): Locator {
    return this.list.getByRole('link', { name: title });
  }

  row(title: string): Locator {
    // `has` is matched inside each row, so it must not start from the list again.
    return this.list.getByRole('listitem').filter({ has: this.page.getByRole('link', { name: title }) });
  }

  async chooseFromMenu(
    title: string,
    item: 'Rename' | 'Delete' | 'Export as Markdown' | 'Export as PDF',
  ): Promise<void> {
    await this.row(title).hover();
    await this.row(title).getByRole('button', { name: 'Chat options' }).click();
    await this.page.getByRole('menuitem', { name: item }).click();
  }

  get renameInput(): Locator {
    return this.page.getByRole('textbox', { name: 'Chat title' });
  }
}

export class ChatScreen {
  readonly composer: Locator;
  readonly sendButton: Locator;
  readonly messages: Locator;

  constructor(readonly page: Page) {
    this.composer = page.getByRole('textbox', { name: 'Message' });
    this.sendButton = page.getByRole('button', { name: 'Send message' });
    this.messages = page.getByRole('list', { name: 'Messages' });
  }

  async send(text: string): Promise<void> {
    await this.composer.fill(text);
    await this.composer.press('Enter');
  }
}

/** Chats and messages made through the API as the account, for specs that need history. */
export function chatSeeder(page: Page, accessToken: string) {
  const api = apiAs(page.request, accessToken);
  return {
    async createChat(title: string): Promise<TChat> {
      const res = await api.post(CHAT_PATHS.chats, { title });
      expect(res.ok(), await res.text()).toBe(true);
      return (await res.json()) as TChat;
    },
    async addMessage(chatId: string, role: 'user' | 'assistant', content: string): Promise<void> {
      const res = await api.post(CHAT_PATHS.messages(chatId), { role, content });
      expect(res.ok(), await res.text()).toBe(true);
    },
    /** An assistant reply makes the chat unread. */
    async createUnreadChat(title: string): Promise<TChat> {
      const chat = await this.createChat(title);
      await this.addMessage(chat.id, 'assistant', `Reply in ${title}`);
      return chat;
    },
    async getChat(chatId: string): Promise<TChat> {
      const res = await api.get(CHAT_PATHS.chat(chatId));
      expect(res.ok(), await res.text()).toBe(true);
      return (await res.json()) as TChat;
    },
    /** The chat open on the page (its `?id=`), as stored. */
    async chatOnScreen(): Promise<TChat> {
      const chatId = new URL(page.url()).searchParams.get('id');
      expect(chatId, `no chat is open at ${page.url()}`).toBeTruthy();
      return this.getChat(chatId ?? '');
    },
    async chatStatus(chatId: string): Promise<number> {
      return (await api.get(CHAT_PATHS.chat(chatId))).status();
    },
  };
}
