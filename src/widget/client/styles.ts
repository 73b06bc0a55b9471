// Inside a shadow root: the host page's styles don't reach in, ours don't leak out.
export const CSS = `
:host{all:initial}
*{box-sizing:border-box;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.pw{position:fixed;bottom:20px;right:20px;z-index:2147483000;font-size:15px;line-height:1.45;color:#111827;--accent:rgb(37,99,235);--user:rgb(37,99,235)}
.pw.left{right:auto;left:20px}
.bubble{width:60px;height:60px;border-radius:50%;border:0;background:var(--accent);color:#fff;cursor:pointer;
 box-shadow:0 6px 18px rgba(0,0,0,.25);display:flex;align-items:center;justify-content:center;padding:0;overflow:hidden}
.bubble img{width:100%;height:100%;object-fit:cover}
.bubble svg{width:30px;height:30px;fill:currentColor}
button:focus-visible,a:focus-visible,input:focus-visible,textarea:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.panel{position:absolute;bottom:76px;right:0;width:min(380px,calc(100vw - 24px));height:min(600px,calc(100vh - 110px));
 background:#fff;border-radius:16px;box-shadow:0 12px 40px rgba(0,0,0,.28);display:flex;flex-direction:column;overflow:hidden}
.left .panel{right:auto;left:0}
.panel[hidden],.lead[hidden],.chips[hidden],.ask[hidden]{display:none}
header{background:var(--accent);color:#fff;padding:12px 14px;display:flex;align-items:center;gap:10px}
header img{width:36px;height:36px;border-radius:50%;object-fit:cover;background:#fff}
header h2{flex:1;margin:0;font-size:16px;font-weight:600;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
header button{background:transparent;border:1px solid rgba(255,255,255,.6);color:#fff;border-radius:8px;padding:4px 8px;cursor:pointer;font-size:13px}
header .close{border:0;font-size:22px;line-height:1;padding:2px 6px}
.body{flex:1;overflow-y:auto;padding:12px;display:flex;flex-direction:column;gap:8px;background:#f9fafb}
.notice{font-size:12px;color:#4b5563;background:#eef2ff;border-radius:8px;padding:8px}
.notice a{color:#1d4ed8}
.log{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:8px}
.msg{max-width:85%;padding:8px 12px;border-radius:14px;white-space:pre-wrap;overflow-wrap:anywhere}
.msg.bot{background:#fff;border:1px solid #e5e7eb;align-self:flex-start;border-bottom-left-radius:4px}
.msg.agent{background:#ecfdf5;border:1px solid #86efac;align-self:flex-start;border-bottom-left-radius:4px}
.msg.agent a{color:#1d4ed8}
.msg.agent .who{display:block;font-size:12px;font-weight:600;color:#065f46;margin-bottom:2px}
.msg.user{background:var(--user);color:#fff;align-self:flex-end;border-bottom-right-radius:4px}
.msg.user a{color:#fff}
.msg.bot a{color:#1d4ed8}
.msg.error{background:#fef2f2;border-color:#fecaca;color:#991b1b}
.msg.pending::after{content:"…"}
.vh{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.rate{align-self:flex-start;display:flex;flex-wrap:wrap;align-items:center;gap:4px;font-size:12px;color:#4b5563;margin-top:-4px}
.thumb{border:1px solid #d1d5db;background:#fff;border-radius:8px;padding:2px 6px;cursor:pointer;font-size:14px}
.thumb[aria-pressed=true]{border-color:var(--accent);background:#eff6ff}
.why{display:flex;flex-wrap:wrap;gap:4px;width:100%}
.why input{flex:1;min-width:140px;border:1px solid #d1d5db;border-radius:8px;padding:4px 8px;font-size:13px}
.chips{display:flex;flex-wrap:wrap;gap:6px}
.chip{border:1px solid var(--accent);color:#111827;background:#fff;border-radius:999px;padding:6px 10px;cursor:pointer;font-size:13px;text-align:left}
.ask{display:flex;gap:6px;padding:10px;border-top:1px solid #e5e7eb;background:#fff;align-items:center}
.ask input[type=text]{flex:1;min-width:0;border:1px solid #d1d5db;border-radius:10px;padding:9px 10px;font-size:15px}
.ask button{border:0;border-radius:10px;padding:9px 12px;cursor:pointer;background:var(--accent);color:#fff;font-size:14px}
.ask .tool{background:#f3f4f6;color:#111827;padding:8px 10px}
.ask .tool[aria-pressed=true]{background:#dc2626;color:#fff}
.lead{display:flex;flex-direction:column;gap:6px;padding:12px;border-top:1px solid #e5e7eb;background:#fff;max-height:70%;overflow-y:auto;flex-shrink:0}
.lead h3{margin:0;font-size:15px}
.lead .hint{margin:0;font-size:12px;color:#4b5563}
.lead .err:empty{display:none}
.lead label{font-size:13px;display:flex;flex-direction:column;gap:2px}
.lead input,.lead textarea,.lead select{border:1px solid #d1d5db;border-radius:8px;padding:7px;font-size:14px}
.lead .row{display:flex;gap:6px;justify-content:flex-end}
.lead button{border:0;border-radius:8px;padding:8px 12px;cursor:pointer;background:var(--accent);color:#fff}
.lead button[type=button]{background:#f3f4f6;color:#111827}
.lead .err{color:#b91c1c;font-size:13px;min-height:1em}
.social{display:flex;gap:12px;justify-content:center;padding:6px;font-size:12px;background:#fff;border-top:1px solid #f3f4f6}
.social a{color:#374151}
.blocked{padding:16px;color:#991b1b}
.listings{margin:0 -12px;min-width:0}
.cards{list-style:none;margin:0;padding:2px 12px 6px;display:flex;gap:8px;overflow-x:auto;scroll-snap-type:x mandatory;scroll-padding:0 12px;scrollbar-width:thin}
.cards>li{flex:0 0 min(216px,76%);display:flex;scroll-snap-align:start}
.card{flex:1;min-width:0;display:flex;flex-direction:column;background:#fff;border:1px solid #e5e7eb;border-radius:12px;overflow:hidden;color:#111827;text-decoration:none;box-shadow:0 1px 3px rgba(0,0,0,.08)}
a.card:hover{border-color:var(--accent)}
a.card:focus-visible{outline-offset:-3px}
.photo{position:relative;height:118px;background:#e5e7eb;flex:none}
.photo img{display:block;width:100%;height:100%;object-fit:cover}
.ph{height:100%;display:flex;align-items:center;justify-content:center;color:#9ca3af}
.ph svg{width:42px;height:42px;fill:currentColor}
.tag{position:absolute;left:8px;top:8px;background:rgba(17,24,39,.78);color:#fff;font-size:11px;font-weight:600;padding:2px 8px;border-radius:999px}
.price{padding:8px 10px 0;font-size:16px}
.facts,.addr{padding:1px 10px 0;font-size:13px;color:#374151;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.addr{color:#6b7280;padding-bottom:10px}
.tour{align-self:stretch;background:#fff;border:1px solid #e5e7eb;border-radius:12px;padding:10px 12px;display:flex;flex-direction:column;gap:6px}
.tour-title{font-size:14px}
.tour-when{font-weight:600;font-size:14px}
.tour-where{font-size:13px;color:#374151}
.tour.booked{border-color:#86efac;background:#f0fdf4}
.slots{display:flex;flex-wrap:wrap;gap:6px}
.slot{border:1px solid var(--accent);background:#fff;color:#111827;border-radius:999px;padding:6px 10px;cursor:pointer;font-size:13px}
.slot:hover{background:#eff6ff}
.tour-note{margin:0;font-size:13px;color:#b91c1c}
.tour-note:empty{display:none}
.tour-links{display:flex;gap:12px;flex-wrap:wrap}
.tour-link{color:#1d4ed8;font-size:13px}
.tour-form{display:flex;flex-direction:column;gap:6px;border-top:1px solid #e5e7eb;padding-top:8px}
.tour-form label{font-size:13px;display:flex;flex-direction:column;gap:2px}
.tour-form input{border:1px solid #d1d5db;border-radius:8px;padding:7px;font-size:14px}
.tour-form .row{display:flex;gap:6px;justify-content:flex-end}
.tour-form button{border:0;border-radius:8px;padding:8px 12px;cursor:pointer;background:var(--accent);color:#fff}
.tour-form button.secondary{background:#f3f4f6;color:#111827}
.tour-form .err{color:#b91c1c;font-size:13px}
.tour-form .err:empty{display:none}
.pw.page{inset:0}
.pw.page .panel{position:absolute;inset:0;width:auto;height:auto;border-radius:0;box-shadow:none}
@media (max-width:480px){.pw{bottom:12px;right:12px}.pw.left{left:12px}
 .panel{position:fixed;inset:0;width:auto;height:auto;border-radius:0}}
`;
