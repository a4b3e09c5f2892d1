/**
 * News HTML shown in a sandboxed frame: no scripts run (no `allow-scripts`), the frame has its own
 * origin, and its content-security policy loads no scripts (the console's own policy applies too). The server's sanitiser is the
 * authority on what investors see; this keeps the console safe while the text is still a draft.
 */
export function HtmlPreview({ html, title }: { html: string; title: string }) {
  const document = `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src https: data:; style-src 'unsafe-inline'"><style>body{font:14px/1.6 system-ui,sans-serif;margin:12px;color:#1f1f1f}img{max-width:100%}</style></head><body>${html}</body></html>`;
  return <iframe className="html-preview" title={title} sandbox="" srcDoc={document} />;
}
