import type { Settings } from '../config/settings';

/** One email, ready for the mailer. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!);

/** Label–value rows as plain text and as an HTML table. */
export function facts(rows: Array<[string, string]>): { text: string; html: string } {
  return {
    text: rows.map(([label, value]) => `${label}: ${value}`).join('\n'),
    html: `<table role="presentation" cellpadding="6" style="border-collapse:collapse">${rows
      .map(([label, value]) => `<tr><th align="left" style="color:#555;font-weight:normal">${escapeHtml(label)}</th><td><strong>${escapeHtml(value)}</strong></td></tr>`)
      .join('')}</table>`,
  };
}

/** Every email's frame: heading, paragraphs, a table of facts (if any), one link, and who sends it. */
export function layout(settings: Settings, heading: string, paragraphs: string[], table: { text: string; html: string } | null, link: { label: string; url: string }): Pick<MailMessage, 'text' | 'html'> {
  const text = [heading, '', ...paragraphs.flatMap((paragraph) => [paragraph, '']), ...(table ? [table.text, ''] : []), `${link.label}: ${link.url}`, '', `${settings.COMPANY_NAME} · ${settings.OPERATOR_LINE}`].join('\n');
  const html = `<!doctype html><html lang="en-AU"><body style="font-family:Arial,Helvetica,sans-serif;color:#111;line-height:1.5">
<h1 style="font-size:22px">${escapeHtml(heading)}</h1>
${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
${table?.html ?? ''}
<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>
<p style="color:#555;font-size:13px">${escapeHtml(settings.COMPANY_NAME)} · ${escapeHtml(settings.OPERATOR_LINE)}</p>
</body></html>`;
  return { text, html };
}

