// The Prospecting knap: a data source -> criteria the model suggests -> ranked prospects with emails.
import { KnapLayout } from '../knaps/components/knap-layout';
import { CriteriaStep } from './components/criteria-step';
import { DataSourceStep } from './components/data-source-step';
import { ProspectsStep } from './components/prospects-step';

const STEP_LABELS = { 'data-selection': 'Data source', review: 'Criteria', preview: 'Prospects' };

export function ProspectingPage() {
  return (
    <KnapLayout
      knap="Prospecting"
      title="Prospecting"
      description="Find the people in your CRM, deal flow or a spreadsheet who fit your ideal client, ranked by fit, with a first email drafted for each."
      stepLabels={STEP_LABELS}
      renderStep={(step) =>
        step === 'review' ? <CriteriaStep /> : step === 'preview' ? <ProspectsStep /> : <DataSourceStep />
      }
    />
  );
}
