// A client's portfolio roadmap as a branded, multi-page PDF (pdfkit): a cover, the client profile,
// gaps by category, the action plan as a table, the recommended allocation as a bar chart with its
// rationale, and the disclosures; every page numbered. Text wraps and flows onto new pages.
import {
  PRODUCT_NAME,
  ROADMAP_GAP_CATEGORIES,
  type RoadmapGapCategory,
  type TRoadmap,
} from '@knap/contracts';
import PDFDocument from 'pdfkit';

type Doc = PDFKit.PDFDocument;

const NAVY = '#1d3557';
const ACCENT = '#2a9d8f';
const INK = '#1f2933';
const MUTED = '#6b7280';
const STRIPE = '#f1f5f9';
const TRACK = '#e5e7eb';
const MARGIN = 60;
const BOLD = 'Helvetica-Bold';
const REGULAR = 'Helvetica';

export const DEFAULT_ROADMAP_TITLE = 'Portfolio Roadmap';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const percent = (p: number) => `${Number(p.toFixed(1))}%`;

/** Renders the roadmap; `date` is the day it was prepared, as the cover shows it. */
export function renderRoadmap(roadmap: TRoadmap, date: string, createdAt: Date): Promise<Buffer> {
  const title = roadmap.title ?? DEFAULT_ROADMAP_TITLE;
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    // Pages stay in memory until the end, so the footers can say "of N".
    bufferPages: true,
    info: {
      Title: `${title} — ${roadmap.client.name}`,
      Author: roadmap.advisor?.name ?? PRODUCT_NAME,
      Creator: PRODUCT_NAME,
      CreationDate: createdAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
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

const contentWidth = (doc: Doc) => doc.page.width - MARGIN * 2;
const pageBottom = (doc: Doc) => doc.page.height - doc.page.margins.bottom;

/** Starts a new page unless `height` more points fit on this one. */
function ensureSpace(doc: Doc, height: number): void {
  if (doc.y + height > pageBottom(doc)) doc.addPage();
}

function cover(doc: Doc, roadmap: TRoadmap, title: string, date: string): void {
  const width = doc.page.width;
  doc.rect(0, 0, width, 300).fill(NAVY);
  doc.rect(0, 300, width, 6).fill(ACCENT);
  doc.fillColor('#ffffff').font(BOLD).fontSize(12).text(PRODUCT_NAME.toUpperCase(), MARGIN, 70);
  // The band holds three lines of title; a longer one ends in an ellipsis.
  doc
    .font(BOLD)
    .fontSize(32)
    .text(title, MARGIN, 110, { width: contentWidth(doc), height: 115, ellipsis: true });
  doc
    .font(REGULAR)
    .fontSize(16)
    .text(`Prepared for ${roadmap.client.name}`, { width: contentWidth(doc) });
  if (roadmap.client.household) doc.fontSize(12).text(roadmap.client.household, { width: contentWidth(doc) });

  doc.fillColor(INK).font(REGULAR).fontSize(12).text(date, MARGIN, 360);
  if (roadmap.advisor) {
    const { name, firm } = roadmap.advisor;
    doc.moveDown(0.5).text(`Advisor: ${firm ? `${name}, ${firm}` : name}`, { width: contentWidth(doc) });
  }
}

function heading(doc: Doc, text: string): void {
  // A heading never ends a page: it keeps room for a few lines of what follows.
  ensureSpace(doc, 90);
  if (doc.y > doc.page.margins.top) doc.moveDown(1);
  doc.x = MARGIN;
  doc.fillColor(NAVY).font(BOLD).fontSize(16).text(text);
  const y = doc.y + 2;
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + contentWidth(doc), y)
    .lineWidth(1.5)
    .strokeColor(ACCENT)
    .stroke();
  doc.y = y + 10;
  doc.fillColor(INK).font(REGULAR).fontSize(11);
}

function paragraph(doc: Doc, text: string, options: PDFKit.Mixins.TextOptions = {}): void {
  doc.text(text, MARGIN, doc.y, { width: contentWidth(doc), ...options });
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
const CELL_PAD = 5;

function actionPlan(doc: Doc, rows: TRoadmap['action_plan']): void {
  heading(doc, 'Action plan');
  if (rows.length === 0) {
    paragraph(doc, 'No actions are planned yet.');
    return;
  }
  const widths = TABLE_COLUMNS.map((c) => c.share * contentWidth(doc));
  const measure = (cells: string[], font: string) => {
    doc.font(font).fontSize(10);
    const heights = cells.map((text, i) => doc.heightOfString(text, { width: widths[i]! - CELL_PAD * 2 }));
    return Math.max(...heights) + CELL_PAD * 2;
  };
  const draw = (cells: string[], font: string, fill: string | null, color: string) => {
    const height = measure(cells, font);
    const y = doc.y;
    if (fill) doc.rect(MARGIN, y, contentWidth(doc), height).fill(fill);
    let x = MARGIN;
    cells.forEach((text, i) => {
      doc.fillColor(color).text(text, x + CELL_PAD, y + CELL_PAD, { width: widths[i]! - CELL_PAD * 2 });
      x += widths[i]!;
    });
    doc.y = y + height;
  };
  const header = () =>
    draw(
      TABLE_COLUMNS.map((c) => c.title),
      BOLD,
      NAVY,
      '#ffffff',
    );
  header();
  rows.forEach((r, index) => {
    const cells = TABLE_COLUMNS.map((c) => r[c.key]);
    // A row never splits across pages; the header repeats on the next one.
    if (doc.y + measure(cells, REGULAR) > pageBottom(doc)) {
      doc.addPage();
      header();
    }
    draw(cells, REGULAR, index % 2 === 0 ? STRIPE : null, INK);
  });
  doc.x = MARGIN;
  doc.fillColor(INK).fontSize(11);
}

function allocation(doc: Doc, recommendation: TRoadmap['recommendation']): void {
  heading(doc, 'Recommended allocation');
  const labelWidth = 150;
  const barX = MARGIN + labelWidth + 10;
  const barMax = contentWidth(doc) - labelWidth - 60;
  const rowHeight = 22;
  for (const { asset_class, percent: share } of recommendation.allocation) {
    ensureSpace(doc, rowHeight);
    const y = doc.y;
    doc.fillColor(INK).font(REGULAR).fontSize(10);
    doc.text(asset_class, MARGIN, y + 3, { width: labelWidth, height: rowHeight - 4, ellipsis: true });
    doc.rect(barX, y + 2, barMax, rowHeight - 8).fill(TRACK);
    if (share > 0) doc.rect(barX, y + 2, (barMax * share) / 100, rowHeight - 8).fill(ACCENT);
    doc.fillColor(INK).text(percent(share), barX + barMax + 8, y + 3, { width: 50 });
    doc.y = y + rowHeight;
  }
  doc.moveDown(0.5).font(BOLD).fontSize(12).text('Rationale', MARGIN);
  doc.font(REGULAR).fontSize(11);
  paragraph(doc, recommendation.rationale);
}

function disclosures(doc: Doc, items: string[]): void {
  if (items.length === 0) return;
  heading(doc, 'Important disclosures');
  doc.fillColor(MUTED).fontSize(9);
  for (const text of items) {
    paragraph(doc, text);
    doc.moveDown(0.5);
  }
}

function pageNumbers(doc: Doc, title: string): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i += 1) {
    doc.switchToPage(i);
    // The footer sits in the bottom margin; with the margin kept, pdfkit would start a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - 40;
    doc.fillColor(MUTED).font(REGULAR).fontSize(8);
    doc.text(`${PRODUCT_NAME} · ${title}`, MARGIN, y, { width: contentWidth(doc) / 2, lineBreak: false });
    doc.text(`Page ${i + 1} of ${count}`, MARGIN + contentWidth(doc) / 2, y, {
      width: contentWidth(doc) / 2,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
}
