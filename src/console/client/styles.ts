// The console's look: system fonts, one accent, contrast of at least 4.5:1 for text.
export const STYLES = `
*{box-sizing:border-box}
body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#111827;background:#f3f4f6}
a{color:#1d4ed8}
h1{font-size:22px;margin:0 0 12px}
h2{font-size:17px;margin:16px 0 8px}
.skip{position:absolute;left:8px;top:-48px;z-index:10;padding:8px 12px;background:#fff;color:#1d4ed8;border-radius:6px}
.skip:focus{top:8px}
.top{display:flex;align-items:center;gap:16px;padding:10px 16px;background:#111827;color:#fff;flex-wrap:wrap}
.top a{color:#e5e7eb;text-decoration:none;padding:4px 6px;border-radius:6px}
.top a[aria-current=page]{background:#374151;color:#fff}
.top nav{display:flex;gap:6px;flex:1;flex-wrap:wrap}
.top .who{color:#d1d5db;font-size:13px}
.brand{font-size:17px}
.badge{color:#fde68a;font-weight:600}
button{font:inherit;border:0;border-radius:8px;padding:7px 12px;background:#1d4ed8;color:#fff;cursor:pointer}
button:disabled{opacity:.6}
button.link{background:none;color:#e5e7eb;text-decoration:underline;padding:4px}
main{max-width:1200px;margin:0 auto;padding:16px}
input,select,textarea{font:inherit;border:1px solid #6b7280;border-radius:6px;padding:6px 8px;background:#fff;color:#111827}
textarea{width:100%}
label{font-weight:600;font-size:13px}
.field{display:flex;flex-direction:column;gap:3px;margin-bottom:8px}
.field.check{flex-direction:row;align-items:center;gap:6px}
.field small{color:#4b5563}
.filters{display:flex;gap:12px;flex-wrap:wrap;align-items:flex-end;margin-bottom:8px}
.card{background:#fff;border:1px solid #d1d5db;border-radius:10px;padding:14px}
.totals{display:grid;grid-template-columns:repeat(auto-fill,minmax(130px,1fr));gap:4px 12px;margin:8px 0}
.totals dt{color:#4b5563;font-size:13px}
.totals dd{margin:0 0 6px;font-size:20px;font-weight:600}
.review{list-style:none;padding:0;display:flex;flex-direction:column;gap:10px}
.review p{margin:4px 0;white-space:pre-wrap}
.review .actions{display:flex;flex-wrap:wrap;gap:8px;align-items:flex-start}
.review form.fix{flex-basis:100%}
.signin{max-width:360px;margin:60px auto;display:flex;flex-direction:column;gap:6px}
.error{color:#b91c1c}
.error:empty{display:none}
.muted{color:#4b5563}
.inbox{list-style:none;margin:0;padding:0;background:#fff;border:1px solid #d1d5db;border-radius:10px}
.inbox li{border-bottom:1px solid #e5e7eb}
.inbox li:last-child{border-bottom:0}
.inbox a{display:block;padding:10px 12px;color:inherit;text-decoration:none}
.inbox a:hover,.inbox a:focus{background:#eff6ff}
.inbox .preview{display:block;color:#374151;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.pill{display:inline-block;font-size:12px;font-weight:600;border-radius:999px;padding:1px 8px;margin-right:6px;background:#e5e7eb;color:#111827}
.pill.waiting{background:#fef3c7;color:#78350f}
.pill.person{background:#dcfce7;color:#14532d}
.split{display:grid;grid-template-columns:minmax(0,2fr) minmax(240px,1fr);gap:16px;align-items:start}
@media (max-width:800px){.split{grid-template-columns:1fr}}
.transcript{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:8px}
.msg{background:#fff;border:1px solid #d1d5db;border-radius:10px;padding:8px 12px;max-width:85%}
.msg p{margin:4px 0 0;white-space:pre-wrap}
.msg.user{align-self:flex-start}
.msg.assistant{align-self:flex-end;background:#f9fafb}
.msg.agent{align-self:flex-end;background:#ecfdf5;border-color:#86efac}
.msg .who{font-weight:600;font-size:13px}
.cards{margin:6px 0 0;padding-left:18px;font-size:13px}
.reply{margin-top:12px;display:flex;flex-direction:column;gap:6px}
.actions{display:flex;gap:8px;flex-wrap:wrap}
.grid{border-collapse:collapse;background:#fff;width:100%}
.grid th,.grid td{border:1px solid #d1d5db;padding:6px 8px;text-align:left;vertical-align:top}
.grid .num{text-align:right}
.scroll{overflow-x:auto}
.usage{list-style:none;padding:0}
.usage li{margin-bottom:8px}
.usage meter{display:block;width:100%;max-width:420px;height:14px}
.plot{width:100%;max-width:640px;background:#fff;border:1px solid #d1d5db;border-radius:8px}
.plot .bar{fill:#1d4ed8}
.plot .axis{font-size:11px;fill:#374151}
.plot .gridline{stroke:#e5e7eb}
.key{display:block;word-break:break-all;padding:8px;background:#f3f4f6;border-radius:6px}
.settings{background:#fff;border:1px solid #d1d5db;border-radius:10px;padding:14px}
.settings .group{border:0;border-top:1px solid #e5e7eb;margin:0 0 8px;padding:8px 0 0;min-width:0}
.settings .group:first-child{border-top:0;padding-top:0}
.settings legend{font-size:17px;font-weight:700;padding:0;margin-bottom:6px}
.settings .savebar{position:sticky;bottom:0;display:flex;gap:10px;align-items:center;flex-wrap:wrap;background:#fff;border-top:1px solid #e5e7eb;padding:10px 0 4px;margin-top:8px}
.settings .saved{color:#15803d;font-weight:600}
.warning{color:#92400e;background:#fffbeb;border:1px solid #fcd34d;border-radius:6px;padding:6px 8px;margin:4px 0;font-size:13px}
.warning:empty{display:none}
.colour-extras{display:flex;flex-direction:column;align-items:flex-start;gap:4px}
.colour-extras input[type=color]{width:48px;height:32px;padding:2px}
.image-setting{display:flex;flex-direction:column;align-items:flex-start;gap:6px}
.image-setting .thumb{width:64px;height:64px;object-fit:cover;border-radius:50%;border:1px solid #d1d5db}
[hidden]{display:none!important}
.split>.sticky{position:sticky;top:8px}
.widget-preview{width:100%;height:560px;border:1px solid #d1d5db;border-radius:10px;background:#fff}
.report{font-size:13px}
.qa{padding-left:20px}
.qa li{margin-bottom:10px}
.showings{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:8px}
.showing{display:grid;grid-template-columns:minmax(140px,1fr) minmax(160px,1.2fr) minmax(200px,1.5fr);gap:10px;align-items:start}
.showing .actions{grid-column:1/-1;align-items:center}
.showing.cancelled .when strong{text-decoration:line-through}
aside .showing{grid-template-columns:1fr}
.listing{display:flex;gap:8px;align-items:flex-start}
.listing img{border-radius:6px;object-fit:cover}
.ranges{list-style:none;padding:0;margin:0 0 8px;display:flex;flex-direction:column;gap:6px}
.ranges li{display:flex;gap:6px;align-items:center}
button.secondary{background:#e5e7eb;color:#111827}
button.danger{background:#b91c1c}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.checklist{list-style:none;padding:0;margin:0}
.checklist li{display:flex;gap:8px;align-items:baseline;padding:6px 0;border-bottom:1px solid #e5e7eb;flex-wrap:wrap}
.checklist .tick{width:1.2em;font-weight:700}
.checklist .done .tick{color:#15803d}
.card+.card{margin-top:12px}
.invite-link{word-break:break-all}
@media (max-width:640px){
.top{flex-wrap:nowrap;gap:8px;padding:6px 8px}
.top nav{flex-wrap:nowrap;overflow-x:auto;gap:2px;scrollbar-width:none}
.top a{white-space:nowrap}
.top .who,.brand{display:none}
main{padding:10px}
.filters>*{flex:1 1 140px}
input,select,textarea{max-width:100%}
.grid thead{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}
.grid,.grid tbody,.grid tr,.grid td{display:block;width:100%}
.grid{background:none}
.grid tr{background:#fff;border:1px solid #d1d5db;border-radius:10px;margin-bottom:8px;padding:4px 0}
.grid td{border:0;padding:4px 10px}
.grid td:empty{display:none}
.grid .num{text-align:left}
.grid td[data-label]::before{content:attr(data-label) ": ";font-weight:600;color:#4b5563}
.widget-preview{height:480px}
}
`;
