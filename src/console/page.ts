// The console's one HTML page: its script draws every view (client/).
import { FAVICON_LINK } from '../http/favicon.ts';

export function consolePage(title: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Parlor console</title>
${FAVICON_LINK}
</head>
<body>
<noscript>The Parlor console needs JavaScript.</noscript>
<div id="app"></div>
<script src="/console/console.js"></script>
</body>
</html>
`;
}

/** The widget in preview mode, filling a frame of the chatbots page. */
export function previewPage(): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Widget preview</title><link rel="icon" href="data:,">
<style>html,body{margin:0;height:100%;background:#f9fafb}</style></head>
<body><script src="/widget.js" data-chatbot="preview" data-mode="preview"></script></body>
</html>
`;
}
