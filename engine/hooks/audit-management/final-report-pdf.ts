import PDFDocument from 'pdfkit';

/** What the final report says: the audit, its opinion, the report's own sections and the findings with their responses and actions. */
export interface FinalReportContent {
  reportTitle: string;
  engagement: { name: string; plan: string; auditor: string; auditManager: string; approver: string; startDate: string | null; endDate: string | null; objective: string | null };
  executiveSummary: string | null;
  opinion: { opinion: string; conclusion: string } | null;
  sections: { heading: string; body: string | null }[];
  findings: {
    title: string;
    riskRating: string;
    observation: string;
    rootCause: string | null;
    recommendation: string | null;
    responses: { owner: string; response: string | null; actions: { action: string; owner: string; dueDate: string }[] }[];
  }[];
  managementComment: string | null;
  madeOn: string;
}

/** The final report as a PDF (pdfkit, built-in Helvetica): bytes, ready to store. */
export function renderFinalReport(c: FinalReportContent): Promise<Uint8Array> {
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `${c.reportTitle} — ${c.engagement.name}`, Subject: 'Final audit report', Creator: 'Stratum' } });
  const chunks: Buffer[] = [];
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on('data', (b: Buffer) => chunks.push(b));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });
  const heading = (text: string) => doc.moveDown(0.8).font('Helvetica-Bold').fontSize(13).text(text).moveDown(0.3).font('Helvetica').fontSize(10.5);
  const para = (text: string | null | undefined) => {
    if (text && text.trim()) doc.text(text.trim(), { align: 'left' }).moveDown(0.4);
  };
  const line = (label: string, value: string | null | undefined) => {
    if (value) doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  };

  doc.font('Helvetica-Bold').fontSize(18).text('Final audit report');
  doc.font('Helvetica').fontSize(14).text(c.reportTitle).moveDown(0.2);
  doc.fontSize(12).text(c.engagement.name).moveDown(0.6).fontSize(10.5);
  line('Audit plan', c.engagement.plan);
  line('Auditor', c.engagement.auditor);
  line('Audit manager', c.engagement.auditManager);
  line('Approver', c.engagement.approver);
  if (c.engagement.startDate || c.engagement.endDate) line('Period', `${c.engagement.startDate ?? '…'} to ${c.engagement.endDate ?? '…'}`);
  line('Issued on', c.madeOn);
  if (c.engagement.objective) {
    heading('Objective');
    para(c.engagement.objective);
  }
  if (c.executiveSummary) {
    heading('Executive summary');
    para(c.executiveSummary);
  }
  if (c.opinion) {
    heading('Overall audit opinion');
    line('Opinion', c.opinion.opinion);
    para(c.opinion.conclusion);
  }
  for (const s of c.sections) {
    heading(s.heading);
    para(s.body);
  }
  heading(`Findings and observations (${c.findings.length})`);
  if (!c.findings.length) para('No findings were raised.');
  c.findings.forEach((f, i) => {
    doc.moveDown(0.3).font('Helvetica-Bold').text(`${i + 1}. ${f.title} (${f.riskRating} risk)`).font('Helvetica');
    para(f.observation);
    line('Root cause', f.rootCause);
    line('Recommendation', f.recommendation);
    for (const r of f.responses) {
      line(`Management response (${r.owner})`, r.response ?? '');
      for (const a of r.actions) doc.text(`  • ${a.action} — ${a.owner}, due ${a.dueDate}`);
    }
  });
  if (c.managementComment) {
    heading('Management comment');
    para(c.managementComment);
  }
  doc.end();
  return done;
}
