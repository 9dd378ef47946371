// A fixture of the compliance tests: a firm (an admin and an advisor who joined by invitation) and a
// user of another firm.
import type { TestApp } from './test-app.js';
import { joinByInvitation, type SignedInUser, signUp } from './users.js';

export async function signUpFirm(
  t: TestApp,
): Promise<{ admin: SignedInUser; advisor: SignedInUser; outsider: SignedInUser }> {
  const admin = await signUp(t, { email: 'ada@harbor-wealth.example', name: 'Ada Admin' });
  const advisor = await signUp(t, { email: 'bo@harbor-wealth.example', name: 'Bo Advisor' });
  const outsider = await signUp(t, { email: 'cy@other-firm.example', name: 'Cy Outsider' });
  await joinByInvitation(t, admin, { user: advisor });
  return { admin, advisor, outsider };
}
