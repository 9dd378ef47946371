import type { TUser } from '@knap/contracts';

export function makeUser(overrides: Partial<TUser> = {}): TUser {
  return {
    id: 'user-1',
    uuid: '00000000-0000-4000-8000-000000000001',
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    profile_image_url: null,
    provider: null,
    email_verified: true,
    organizations: [],
    sharing_permission: 0,
    last_seen: null,
    created_at: '2026-01-01T00:00:00.000Z',
    knap_integration_uuid: 'integration-1',
    timezone: 'Europe/London',
    is_beta_tester: false,
    auto_delete_chats: true,
    account_label: 'all',
    is_first_party: false,
    is_org_admin: false,
    ...overrides,
  };
}
