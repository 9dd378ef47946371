// Salesforce's org: its token answer names the org's API host (`instance_url`), kept as the
// connection's instance URL, where SOQL queries go with the user's token.
import type { Config } from '../../../config.js';
import { acceptedOrigin } from './origins.js';

/** Salesforce's org hosts: My Domain, sandboxes, Experience Cloud sites and older instances. */
const SALESFORCE_HOST = /\.(salesforce|force|salesforce-setup|cloudforce|database)\.com$/;

/**
 * The origin of the instance URL a Salesforce token answer names, or null unless it is one of
 * Salesforce's hosts over https or one of `testOrigins.salesforce`: a token answer never sends the
 * user's token to any other host.
 */
export const salesforceInstanceUrl = (config: Config, value: unknown): string | null =>
  acceptedOrigin(value, (host) => SALESFORCE_HOST.test(host), config.testOrigins?.salesforce ?? []);
