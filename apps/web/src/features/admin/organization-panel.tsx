// The organization's settings and records: its account label (which decides what members see,
// SPEC §4), its company domain, and the audit trail exported for an archive, by dates and member.
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { cardClasses, cardHeadingClasses, mutedTextClasses } from '../../components/ui/card';
import { ErrorNotice } from '../../components/ui/error-notice';
import { SelectField, TextField } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { type AuditExportFilter, downloadAudit } from './api';
import { useAdminMembers, useAdminOrganization, useSetAccountLabel, useSetDomain } from './queries';

const FOLLOW_RULES = '';

function AccountLabelForm() {
  const organization = useAdminOrganization();
  const save = useSetAccountLabel();
  if (organization.isPending) return <Spinner label="Loading the organization" showLabel />;
  if (organization.isError)
    return <ErrorNotice message={organization.error.message} onRetry={() => void organization.refetch()} />;
  const org = organization.data;
  return (
    <section aria-labelledby="account-label-heading" className={cn(cardClasses, 'flex flex-col gap-3')}>
      <div>
        <h3 id="account-label-heading" className={cardHeadingClasses}>
          Account label
        </h3>
        <p className={mutedTextClasses}>
          Members of {org.org_name} see the tools and content of this account. Now: {org.effective_label}.
        </p>
      </div>
      <SelectField
        label="Label for members"
        value={org.account_label ?? FOLLOW_RULES}
        disabled={save.isPending}
        options={[
          { value: FOLLOW_RULES, label: 'Automatic (from the organization)' },
          ...org.choices.map((c) => ({ value: c, label: c })),
        ]}
        onChange={(e) =>
          save.mutate(e.target.value || null, {
            onSuccess: (saved) => toast.success(`Account label: ${saved.effective_label}`),
          })
        }
        className="max-w-sm"
      />
      {save.error ? <ErrorNotice message={save.error.message} /> : null}
    </section>
  );
}

/**
 * The company domain: an admin with a verified address on it can claim it for the organization
 * (it then carries the domain's name), and let verified colleagues on it join by themselves.
 */
function DomainSection() {
  const organization = useAdminOrganization();
  const save = useSetDomain();
  if (!organization.data) return null;
  const org = organization.data;
  const done = (saved: { domain: string | null; auto_join: boolean }) =>
    toast.success(
      saved.domain
        ? `${saved.domain}: ${saved.auto_join ? 'verified colleagues join by themselves' : 'by invitation only'}`
        : 'Domain released',
    );
  return (
    <section aria-labelledby="domain-heading" className={cn(cardClasses, 'flex flex-col gap-3')}>
      <div>
        <h3 id="domain-heading" className={cardHeadingClasses}>
          Company domain
        </h3>
        <p className={mutedTextClasses}>
          {org.domain
            ? `${org.org_name} holds @${org.domain}.`
            : org.claimable_domain
              ? `Claim @${org.claimable_domain}, the domain of your verified address, for ${org.org_name}.`
              : 'A verified address on your own company domain (not webmail) can claim it. Until then colleagues join by invitation.'}
        </p>
      </div>
      {org.domain ? (
        <div className="flex flex-wrap items-center gap-3">
          <label className="flex items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300">
            <input
              type="checkbox"
              checked={org.auto_join}
              disabled={save.isPending}
              onChange={(e) => save.mutate(e.target.checked, { onSuccess: done })}
              className="size-4 accent-indigo-600"
            />
            Colleagues with a verified @{org.domain} address join by themselves
          </label>
          <Button
            variant="ghost"
            size="sm"
            disabled={save.isPending}
            onClick={() => save.mutate(null, { onSuccess: done })}
          >
            Release domain
          </Button>
        </div>
      ) : org.claimable_domain ? (
        <div>
          <Button
            variant="secondary"
            disabled={save.isPending}
            onClick={() => save.mutate(false, { onSuccess: done })}
          >
            Claim @{org.claimable_domain}
          </Button>
        </div>
      ) : null}
      {save.error ? <ErrorNotice message={save.error.message} /> : null}
    </section>
  );
}

function AuditExport() {
  const members = useAdminMembers('');
  const [filter, setFilter] = useState<AuditExportFilter>({ from: '', to: '', userId: '', format: 'csv' });
  const [error, setError] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);
  const set = (patch: Partial<AuditExportFilter>) => setFilter((f) => ({ ...f, ...patch }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (filter.from && filter.to && filter.from > filter.to)
      return setError('The start date is after the end date');
    setError(null);
    setPending(true);
    try {
      toast.success(`Saved ${await downloadAudit(filter)}`);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setPending(false);
    }
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="audit-export-heading"
      className={cn(cardClasses, 'flex flex-col gap-3')}
    >
      <div>
        <h3 id="audit-export-heading" className={cardHeadingClasses}>
          Audit trail
        </h3>
        <p className={mutedTextClasses}>
          Sign-ins, connections, tool calls and approvals, email, PDFs, credit and admin changes of your
          organization, hash-chained so any change to a past entry is detectable. Export for your archive.
        </p>
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <TextField
          label="From"
          type="date"
          value={filter.from}
          onChange={(e) => set({ from: e.target.value })}
        />
        <TextField label="To" type="date" value={filter.to} onChange={(e) => set({ to: e.target.value })} />
        <SelectField
          label="Member"
          value={filter.userId}
          onChange={(e) => set({ userId: e.target.value })}
          options={[
            { value: '', label: 'Everyone' },
            ...(members.data ?? []).map((m) => ({
              value: m.user_id,
              label: m.name ? `${m.name} (${m.email})` : m.email,
            })),
          ]}
        />
        <SelectField
          label="Format"
          value={filter.format}
          onChange={(e) => set({ format: e.target.value as AuditExportFilter['format'] })}
          options={[
            { value: 'csv', label: 'CSV (spreadsheets)' },
            { value: 'jsonl', label: 'JSON lines (archives)' },
          ]}
        />
      </div>
      {error ? <ErrorNotice message={error} /> : null}
      <div>
        <Button type="submit" disabled={isPending}>
          {isPending ? <Spinner label="Exporting" /> : null}
          Export audit trail
        </Button>
      </div>
    </form>
  );
}

export function OrganizationPanel() {
  return (
    <section aria-label="Organization" className="flex flex-col gap-4">
      <AccountLabelForm />
      <DomainSection />
      <AuditExport />
    </section>
  );
}
