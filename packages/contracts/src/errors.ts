// The error texts of SPEC §8, word for word. Functions fill in the {placeholders}.

export const ERR = {
  getUser: (status: number, statusText: string, body: string) =>
    `Failed to get user: ${status} ${statusText} - ${body}`,
  getOrganizations: (statusText: string) => `Failed to get user organizations: ${statusText}`,
  getUserInfo: (statusText: string) => `Failed to get user info: ${statusText}`,
  updateSharingPermission: (status: number) => `Failed to update sharing permission: ${status}`,
  updateTimezone: (status: number) => `Failed to update timezone: ${status}`,
  refreshToken: (status: number) => `Failed to refresh token: ${status}`,
  logout: (status: number) => `Failed to logout: ${status}`,
  sevantaAuthParams: (status: number) => `Failed to get Sevanta auth params: ${status}`,
  exchangeOneShotCode: (status: number, body: string) =>
    `Failed to exchange one-shot code: ${status} - ${body}`,
  invalidCodeFormat: 'Invalid code format',
  unknownMicrosoftType: (type: string) => `Unknown Microsoft connection type: ${type}`,
  downloadImage: (status: number) => `Failed to download image: ${status}`,
  chatCall: (action: ChatAction, statusText: string) => `Failed to ${action}: ${statusText}`,
  toolApprovalFallback: 'Failed to process tool approval',
  toolOutputUpdate: (detail: string) => `Failed to update message tool output: ${detail}`,
  unauthorized: 'Unauthorized',
  generic: 'An error occurred',
  loadSubscription: 'Failed to load subscription info',
  loadTiers: 'Failed to load subscription tiers',
  cancelSubscription: 'Failed to cancel subscription',
  startCheckout: 'Failed to start checkout session',
  updateAutoDelete: 'Failed to update auto-delete setting',
  loadCredits: 'Failed to load credits information',
  fetchMeetings: (statusText: string) => `Failed to fetch meetings: ${statusText}`,
  fetchMeetingNotes: (statusText: string) => `Failed to fetch meeting notes: ${statusText}`,
  toggleMeetingPrivacy: (statusText: string) => `Failed to toggle meeting privacy: ${statusText}`,
  startBot: (body: string) => `Failed to start bot: ${body}`,
  stopBot: (body: string) => `Failed to stop bot: ${body}`,
  noAuthToken: 'No authentication token available',
  invalidKnapData: 'Invalid knap data received from API',
  fetchKnaps: 'Failed to fetch knaps',
  fetchComponentData: 'Failed to fetch component data',
  processComponentData: 'Failed to process component data',
  parseEnhancedInsights: 'Failed to parse enhanced insights data',
  knapsTimeout: 'Timeout waiting for knaps to load',
  widgetAuthTimeout: 'Authentication timeout in iframe mode',
  somethingWentWrong: 'Something went wrong',
  pleaseReload: 'Please reload the page.',
  unexpected: 'An unexpected error occurred. Please refresh the page.',
} as const;

export type ChatAction =
  | 'create chat'
  | 'get chats'
  | 'get chat'
  | 'add message'
  | 'update chat'
  | 'get messages'
  | 'get unread count'
  | 'mark chat as read'
  | 'mark all chats as read';

/** Success and failure toasts of SPEC §8. */
export const TOAST = {
  subscriptionCancelledTitle: 'Subscription cancelled',
  subscriptionCancelledBody: 'Your subscription has been cancelled successfully.',
  autoDeleteOn: 'Auto-delete enabled. Chats older than 30 days will be deleted.',
  autoDeleteOff: 'Auto-delete disabled. Your chats will be kept indefinitely.',
} as const;

/**
 * How an identity-provider sign-in ended when it did not: the server sends the code in the
 * callback page's address, and the page shows this text (never text from the address itself).
 */
export const SIGNIN_FAILURES = {
  expired: 'This sign-in was started in another browser or has expired. Please sign in again.',
  cancelled: 'Sign-in was cancelled.',
  provider: 'Could not verify your sign-in with the identity provider',
  needs_password:
    'An account with this email already exists, and your identity provider does not confirm that you own the address. Sign in with your password.',
} as const;
export type SigninFailure = keyof typeof SIGNIN_FAILURES;

/** How a connection flow ended when it did not, worded by the connections ghost page. */
export const CONNECTION_FAILURES = {
  cancelled: 'Connection was cancelled.',
  refused: 'The provider refused the connection.',
  /** Kept, but unused until reconnected: the connections list names the permission. */
  permission_missing:
    'Permission not granted — reconnect and allow every permission the connection asks for.',
  signin_required:
    'Sign in to Knap Studio in this browser as the account that started the connection, then connect again.',
} as const;
export type ConnectionFailure = keyof typeof CONNECTION_FAILURES;

/**
 * Server-side `detail` texts of this API (not in SPEC §8, which lists client texts): the ones every
 * route can answer, those more than one module answers, and the reply texts the web shows. A
 * domain's own texts are its `…_DETAIL` object, in its contracts module (`NEWSLETTER_DETAIL`…).
 */
export const DETAIL = {
  notFound: 'Not found',
  /** A request value that is not what the route takes: `where` is e.g. `body.title`. */
  invalid: (where: string, message = 'invalid value') => `Invalid ${where}: ${message}`,
  routeNotFound: (method: string, url: string) => `Route ${method} ${url} not found`,
  unauthorized: 'Unauthorized',
  internal: 'Internal server error',
  malformedJson: 'Malformed JSON in request body',
  unsupportedMediaType: (type: string) => `Unsupported content type: ${type}`,
  bodyTooLarge: 'Request body is too large',
  tooManyRequests: 'Too many requests, please try again later',
  invalidUrl: 'The URL is not valid',
  urlTooLong: 'The URL is too long',
  headersTooLarge: 'The request headers are too large',
  malformedRequest: 'Malformed HTTP request',
  requestTimeout: 'The request took too long to arrive',
  /** The database does not answer (down, restarting, unreachable): try again shortly. */
  databaseUnavailable: 'The service is briefly unavailable. Please try again in a few seconds.',
  invalidContentLength: 'Invalid Content-Length header',
  emptyJsonBody: 'Request body is empty but Content-Type is application/json',
  /** Multipart forms (platform/multipart.ts). */
  multipartOnly: 'Send the form as multipart/form-data',
  oneFileOnly: 'Send at most one file',
  tooManyFormFields: 'The form has too many fields',
  tooManyFormParts: 'The form has too many parts',
  unexpectedFile: (field: string, fileField: string) =>
    `Unexpected file in field '${field}'; send it as '${fileField}'`,
  formFieldTooLarge: (field: string) => `The field '${field}' is too large`,
  formFieldRepeated: (field: string) => `The field '${field}' is given more than once`,
  malformedMultipart: 'Malformed multipart form',
  // Text a database cannot store: PostgreSQL text holds no U+0000, and a lone UTF-16 surrogate
  // (a JSON escape like "\ud800" without its pair) is not valid UTF-8.
  nulCharacter: 'Text may not contain the NUL character',
  loneSurrogate: 'Text may not contain an unpaired UTF-16 surrogate',
  jsonTooDeep: (max: number) => `JSON may be nested at most ${max} levels deep`,
  outOfCredits: 'You have no credits left. Upgrade your plan to keep chatting.',
  approvalAlreadyDecided: 'This action was already approved or denied',
  approvalNotFound: 'Approval request not found',
  modelFailed: 'The assistant could not finish this reply. Please try again.',
  nothingToContinue: 'There is no pending reply to continue',
  nothingToRetry: 'Only a failed or interrupted reply can be retried',
  nothingToRegenerate: 'Only the latest finished reply can be regenerated',
  nothingToResume: 'Only a stopped reply can be continued',
  notEditable: 'Only a message you sent in this conversation can be edited',
  feedbackOnReplyOnly: 'Only an assistant reply can be rated',
  replyInProgress: 'A reply is still being written in this chat',
  /** Stop asked of another server instance that did not stop the reply in time (Redis away, say). */
  stopNotDelivered: 'The reply could not be stopped just now. Please try again in a moment.',
  /** A new completion refused while the server's event loop lags (load shedding). */
  assistantBusy: 'The assistant is busy. Please try again in a few seconds.',
  /** Separation of duties: nobody grants themselves anything. */
  ownCredits: 'You cannot change your own credits: another admin or an operator must',
  ownRole: 'You cannot change your own role: another admin must',
  ownKnaps: 'You cannot grant or take away your own knaps: another admin must',
  ownKnapRequest: 'You cannot decide your own knap request: another admin must',
  ownEmailReview: 'You cannot approve your own email: another admin must review it',
  emailNotVerified: 'Verify your email address first: use the link we sent you',
  /** A user on legal hold keeps everything: `what` (chats, PDFs…) cannot be deleted. */
  onLegalHold: (what: string) => `Your account is under legal hold: ${what} cannot be deleted`,
  approvalNotEditable: 'This action cannot be edited: approve or deny it as it is',
  approvalFieldNotEditable: 'cannot be edited',
  approvalEditDenied: 'Edits are approved, not denied: deny without them',
  approvalInputChanged: 'This action changed after it was approved, so it was not run. Ask again.',
  rateLimited: (seconds: number) =>
    `Too many requests for model or PDF work. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  tooManySignups: 'Too many accounts were created from this network. Try again later.',
  tooManySigninAttempts: 'Too many failed sign-in attempts. Try again in a few minutes.',
  tooManyVerificationMails: 'We sent several links already. Check your inbox, or try again in an hour.',
  approvalPending: 'Approve or deny the pending action first',
  /** What only a platform operator (OPERATOR_EMAILS) may do: `action` is e.g. 'run jobs'. */
  operatorsOnly: (action: string) => `Only operators can ${action}`,
  userNotFound: 'User not found',
  memberNotFound: 'Member not found',
  chatNotFound: 'Chat not found',
  /** A chat message, or a message in a connected mailbox. */
  messageNotFound: 'Message not found',
} as const;

/** The field a `DETAIL.invalid` answer names in the request body, and what it says of it. */
export function invalidBodyField(detail: string | undefined): { field: string; message: string } | null {
  const match = detail ? /^Invalid body\.([\w.]+): (.+)$/.exec(detail) : null;
  return match ? { field: match[1]!, message: match[2]! } : null;
}
