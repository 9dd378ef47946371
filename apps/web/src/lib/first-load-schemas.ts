// The contract schemas of the calls that modules on the first load make later (auth, billing, chat,
// connections, documents, knaps, notetaker, onboarding). That load carries no zod (the chat page's budget), so
// this module is imported only when such a call is made, by `lazySchema` in api-client.ts, while the
// request is under way. Calls of lazily loaded screens import their schemas from contracts directly.
import {
  ZConnectionSummary,
  ZDocumentInfo,
  ZKnap,
  ZKnapRequest,
  ZLedgerEntry,
  ZMcpUrl,
  ZMeeting,
  ZOrganization,
  ZOrganizationsResponse,
  ZSubscriptionTier,
} from '@knap/contracts';

export {
  ZAccessTokenResponse,
  ZAvailableConnections,
  ZBotStatusResponse,
  ZBotToggleResponse,
  ZChat,
  ZChatDocumentsResponse,
  ZChatSearchResponse,
  ZChatSummary,
  ZCreditsUsage,
  ZDisconnectResponse,
  ZDocumentClientSuggestions,
  ZDocumentInfo,
  ZDocumentText,
  ZInvitationPreview,
  ZKnapComponentReply,
  ZKnapRequest,
  ZListChatsResponse,
  ZLocalCheckout,
  ZLogoutResponse,
  ZMarkAllReadResponse,
  ZMcpTestResult,
  ZMcpUrl,
  ZMeeting,
  ZMeetingNotes,
  ZMessageFeedback,
  ZNameRequest,
  ZOnboarding,
  ZOneShotCodeResponse,
  ZPdfInfo,
  ZScopesResponse,
  ZSendVerificationResponse,
  ZStartConnectionResponse,
  ZStopCompletionResponse,
  ZSubscription,
  ZSuccessResponse,
  ZToolApprovalResponse,
  ZUrlResponse,
  ZVerifyEmailResponse,
} from '@knap/contracts';

export const ZConnectionSummaryList = ZConnectionSummary.array();
export const ZDocumentInfoList = ZDocumentInfo.array();
export const ZKnapList = ZKnap.array();
export const ZKnapRequestList = ZKnapRequest.array();
export const ZLedgerEntryList = ZLedgerEntry.array();
export const ZMcpUrlList = ZMcpUrl.array();
export const ZMeetingList = ZMeeting.array();
export const ZSubscriptionTierList = ZSubscriptionTier.array();

/** The answer to accepting an invitation (users/routes.ts), which contracts names no schema for. */
export const ZAcceptedInvitation = ZOrganization.pick({ org_name: true }).extend({
  organization_id: ZOrganization.shape.id,
  organizations: ZOrganizationsResponse,
});
