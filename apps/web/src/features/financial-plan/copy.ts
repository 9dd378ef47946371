// The plan screen's texts that more than one part shows, and those added since (older ones are
// still written where they are used).
export const PLAN_COPY = {
  narrativeStale: 'The plan changed since this narrative was written',
  narrativeStaleHint: 'It may quote older figures. Regenerate it from the plan as it is now, or edit it.',
  regenerate: 'Regenerate',
  leaveTitle: 'Leave without saving?',
  leaveBody:
    'Some inputs are not saved because they need fixing (they are highlighted). Stay to fix them, or leave and lose those changes.',
  stay: 'Stay',
  leave: 'Leave',
  fromDocument: (filename: string) => `From ${filename}`,
  fromDocumentHint:
    'Figures read from the document. Check each against its source: Accept puts it in the plan, Skip leaves the plan as it is.',
  readingDocument: 'Reading the document for plan inputs…',
  nothingFound: (filename: string) =>
    `No balances, contributions or income were found in ${filename}. Enter the figures by hand.`,
  accept: 'Accept',
  skip: 'Skip',
  accepted: 'Accepted',
  skipped: 'Skipped',
  source: (filename: string, location: string) => `${filename}, ${location}`,
  close: 'Close',
  done: 'Done',
  fieldLabels: {
    current_assets: 'Investable assets',
    annual_savings: 'Annual savings',
    annual_income: 'Annual income',
  },
} as const;
