// A client's portfolio roadmap as a branded, multi-page PDF (pdfkit): a cover, the client profile,
// gaps by category, the action plan as a table, the recommended allocation as a bar chart with its
// rationale, and the disclosures; every page numbered. Text wraps and flows onto new pages.
import {
  PRODUCT_NAME,
  ROADMAP_GAP_CATEGORIES,
  type RoadmapGapCategory,
  type TRoadmap,
} from '@knap/contracts';
import {
  ACCENT,
  BOLD,
  bars,
  contentWidth,
  coverBand,
  type Doc,
  disclosures,
  ensureSpace,
  heading,
  INK,
  MARGIN,
  openDoc,
  pageNumbers,
  paragraph,
  REGULAR,
  table,
} from './layout.js';

export const DEFAULT_ROADMAP_TITLE = 'Portfolio Roadmap';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const percent = (p: number) => `${Number(p.toFixed(1))}%`;

/** Renders the roadmap; `date` is the day it was prepared, as the cover shows it. */
export function renderRoadmap(roadmap: TRoadmap, date: string, createdAt: Date): Promise<Buffer> {
  const title = roadmap.title ?? DEFAULT_ROADMAP_TITLE;
  const { doc, done } = openDoc({
    title: `${title} — ${roadmap.client.name}`,
    author: roadmap.advisor?.name ?? PRODUCT_NAME,
    createdAt,
  });
  cover(doc, roadmap, title, date);
  doc.addPage();
  profile(doc, roadmap.client);
  gaps(doc, roadmap.gaps);
  actionPlan(doc, roadmap.action_plan);
  allocation(doc, roadmap.recommendation);
  disclosures(doc, roadmap.disclosures);
  pageNumbers(doc, title);
  doc.end();
  return done;
}

function cover(doc: Doc, roadmap: TRoadmap, title: string, date: string): void {
  const lines = [`Prepared for ${roadmap.client.name}`];
  if (roadmap.client.household) lines.push(roadmap.client.household);
  coverBand(doc, title, lines);
  doc.fillColor(INK).font(REGULAR).fontSize(12).text(date, MARGIN, 360);
  if (roadmap.advisor) {
    const { name, firm } = roadmap.advisor;
    doc.moveDown(0.5).text(`Advisor: ${firm ? `${name}, ${firm}` : name}`, { width: contentWidth(doc) });
  }
}

function profile(doc: Doc, client: TRoadmap['client']): void {
  heading(doc, 'Client profile');
  const rows: Array<[string, string | undefined]> = [
    ['Client', client.name],
    ['Household', client.household],
    ['Ages', client.ages?.join(', ')],
    ['Annual income', client.income === undefined ? undefined : usd.format(client.income)],
    ['Investable assets', client.assets === undefined ? undefined : usd.format(client.assets)],
    ['Risk tolerance', client.risk_tolerance],
  ];
  for (const [label, value] of rows) {
    if (value === undefined) continue;
    doc.font(BOLD).text(`${label}: `, MARGIN, doc.y, { continued: true, width: contentWidth(doc) });
    doc.font(REGULAR).text(value);
  }
  if (client.goals.length === 0) return;
  doc.moveDown(0.5).font(BOLD).text('Goals', MARGIN);
  doc.font(REGULAR);
  for (const goal of client.goals) paragraph(doc, `•  ${goal}`, { indent: 0 });
}

function gaps(doc: Doc, items: TRoadmap['gaps']): void {
  heading(doc, 'Planning gaps');
  if (items.length === 0) {
    paragraph(doc, 'No planning gaps were identified.');
    return;
  }
  for (const [category, label] of Object.entries(ROADMAP_GAP_CATEGORIES)) {
    const inCategory = items.filter((g) => g.category === (category as RoadmapGapCategory));
    if (inCategory.length === 0) continue;
    ensureSpace(doc, 60);
    doc.moveDown(0.4).fillColor(ACCENT).font(BOLD).fontSize(12).text(label, MARGIN);
    doc.fillColor(INK).fontSize(11);
    for (const gap of inCategory) {
      ensureSpace(doc, 40);
      doc.font(BOLD).text('Gap: ', MARGIN, doc.y, { continued: true, width: contentWidth(doc) });
      doc.font(REGULAR).text(gap.gap);
      doc.font(BOLD).text('Action: ', MARGIN, doc.y, { continued: true, width: contentWidth(doc) });
      doc.font(REGULAR).text(gap.action);
      doc.moveDown(0.4);
    }
  }
}

const TABLE_COLUMNS = [
  { title: 'Action', key: 'action', share: 0.5 },
  { title: 'Owner', key: 'owner', share: 0.18 },
  { title: 'Due', key: 'due', share: 0.16 },
  { title: 'Priority', key: 'priority', share: 0.16 },
] as const;

function actionPlan(doc: Doc, rows: TRoadmap['action_plan']): void {
  heading(doc, 'Action plan');
  if (rows.length === 0) {
    paragraph(doc, 'No actions are planned yet.');
    return;
  }
  table(
    doc,
    [...TABLE_COLUMNS],
    rows.map((r) => TABLE_COLUMNS.map((c) => r[c.key])),
  );
}

function allocation(doc: Doc, recommendation: TRoadmap['recommendation']): void {
  heading(doc, 'Recommended allocation');
  bars(
    doc,
    recommendation.allocation.map((a) => ({
      label: a.asset_class,
      value: a.percent,
      text: percent(a.percent),
    })),
    100,
  );
  doc.moveDown(0.5).font(BOLD).fontSize(12).text('Rationale', MARGIN);
  doc.font(REGULAR).fontSize(11);
  paragraph(doc, recommendation.rationale);
}
