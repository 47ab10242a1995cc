/**
 * The console's styles, adopted by the document when its chunk loads: a .css file under src/client would join the app's
 * one sheet (build.ts) that every customer downloads.
 */
const CSS = `
.page:has(.op-root) { max-width: none; padding: 0; }
.op-root { min-height: 100vh; min-height: 100dvh; display: flex; flex-direction: column; }
.op-header {
  display: flex; flex-wrap: wrap; align-items: center; gap: .75rem 1rem;
  padding: .75rem 1.25rem; background: var(--surface); border-bottom: 1px solid var(--line);
}
.op-header h1 { margin: 0; font-size: 1.35rem; }
.op-tabs { display: flex; gap: .25rem; flex-wrap: wrap; margin-left: auto; }
.op-tabs a {
  padding: .6rem 1rem; border-radius: 999px; color: var(--text);
  text-decoration: none; min-height: 44px; display: inline-flex; align-items: center;
}
.op-tabs a[aria-current="page"] { background: var(--surface-2); color: var(--accent); font-weight: 600; }
.op-state {
  display: inline-flex; align-items: center; gap: .4rem; padding: .3rem .8rem;
  border-radius: 999px; font-weight: 700; font-size: .9rem; border: 1px solid currentColor;
}
.op-state.open { color: var(--green); }
.op-state.full, .op-state.closing { color: var(--yellow); }
.op-state.closed { color: var(--red); }
.op-live { color: var(--muted); font-size: .85rem; }
.op-notice {
  margin: .75rem 1.25rem 0; padding: .7rem 1rem; border-radius: 10px; background: var(--surface-2); border-left: 4px solid var(--green);
}
.op-notice.error { border-left-color: var(--danger); }
.op-main {
  flex: 1; padding: 1rem 1.25rem 2rem; display: grid; gap: 1.25rem; align-content: start;
  grid-template-columns: minmax(280px, 1fr) 2fr; align-items: start;
}
.op-main.single { grid-template-columns: 1fr; max-width: 960px; width: 100%; margin: 0 auto; }
@media (max-width: 900px) { .op-main { grid-template-columns: 1fr; } }
.op-panel { background: var(--surface); border: 1px solid var(--line); border-radius: var(--radius); padding: 1rem; }
.op-panel > h2 { display: flex; align-items: center; justify-content: space-between; gap: .5rem; }
.op-toolbar { display: flex; flex-wrap: wrap; gap: .5rem; margin-bottom: .9rem; }
.op-list { list-style: none; margin: 0; padding: 0; display: grid; gap: .6rem; }
.op-card { background: var(--surface-2); border-radius: 12px; padding: .75rem .9rem; display: grid; gap: .35rem; }
.op-card h3 { margin: 0; font-size: 1.05rem; display: flex; gap: .5rem; align-items: baseline; flex-wrap: wrap; }
.op-card p { margin: 0; }
.op-row { display: grid; grid-template-columns: 2.4rem 1fr auto; gap: .75rem; align-items: start; }
.op-pos { font-size: 1.4rem; font-weight: 700; color: var(--accent); text-align: center; }
.op-meta { color: var(--muted); font-size: .92rem; display: flex; flex-wrap: wrap; gap: .25rem .9rem; }
.op-tag {
  display: inline-block; padding: .05rem .5rem; border-radius: 999px;
  background: var(--bg); color: var(--text); font-size: .82rem; font-weight: 600;
}
.op-tag.member { color: var(--accent); }
.op-tag.in { color: var(--green); }
.op-wait { font-weight: 700; font-size: 1.1rem; text-align: right; white-space: nowrap; }
.op-actions { display: flex; flex-wrap: wrap; gap: .4rem; margin-top: .35rem; }
.op-actions .button { min-height: 44px; padding: .45rem .95rem; }
.op-empty { color: var(--muted); }
.op-tag.out { color: var(--yellow); }
/* A party: one card, a row per person; one who stepped out is framed dashed (not dimmed: text keeps its contrast). */
.op-people { list-style: none; margin: .2rem 0 0; padding: 0; display: grid; gap: .5rem; }
.op-person { display: grid; gap: .3rem; padding: .55rem .6rem; border-radius: 10px; background: var(--surface); }
.op-person h4 { margin: 0; font-size: 1rem; }
.op-card.away, .op-person.away { outline: 2px dashed var(--yellow); outline-offset: -2px; }
.op-reason { color: var(--muted); font-size: .9rem; align-self: center; }
.op-display .op-away { color: var(--yellow); font-size: .7em; }
.op-form { display: grid; gap: .9rem; }
.op-form label, .op-form legend { font-weight: 600; }
.op-form input[type="text"], .op-form input[type="tel"], .op-form select {
  width: 100%; min-height: 48px; padding: .6rem .8rem; border-radius: 10px; border: 1px solid var(--line); background: var(--bg);
}
.op-form fieldset { border: 1px solid var(--line); border-radius: 10px; padding: .6rem .8rem; margin: 0; display: grid; gap: .35rem; }
.op-check { display: flex; align-items: center; gap: .6rem; min-height: 40px; font-weight: 400; }
.op-check input { width: 22px; height: 22px; }
.op-services { display: grid; grid-template-columns: repeat(auto-fill, minmax(240px, 1fr)); gap: .2rem 1rem; }
.op-services > legend { grid-column: 1 / -1; }
.op-extras { padding-left: 2rem; display: grid; gap: .2rem; }
.op-error { color: var(--red); margin: 0; }
.op-dialog { width: 100%; }
/* The walk-in form's actions stay in view at the bottom of the scrolling dialog; the line above them shows more is above. */
.op-dialog .dialog-actions {
  position: sticky; bottom: calc(-1.25rem - var(--safe-bottom)); z-index: 1; margin: 1rem -1rem 0;
  padding: .75rem 1rem calc(.75rem + var(--safe-bottom)); background: var(--surface); border-top: 1px solid var(--line);
}
@media (min-width: 700px) {
  .op-root .dialog-backdrop { align-items: center; padding: 1rem; }
  .op-root .dialog { border-radius: var(--radius); max-width: 720px; }
}
.op-pairing { max-width: 460px; margin: 8vh auto 0; padding: 0 1.25rem; width: 100%; }
.op-code { font-size: 2.4rem; letter-spacing: .2em; font-family: ui-monospace, monospace; font-weight: 700; color: var(--accent); }
.op-figures { display: grid; grid-template-columns: repeat(auto-fit, minmax(260px, 1fr)); gap: 1rem; }
.op-figures dl { display: grid; grid-template-columns: 1fr auto; gap: .45rem 1rem; margin: 0; }
.op-figures dl > div { display: contents; }
.op-figures dt { color: var(--muted); }
.op-figures dd { margin: 0; font-weight: 700; text-align: right; }
.op-figures h3 { font-size: 1rem; margin: 1.1rem 0 .5rem; }
.op-display { padding: 3vmin 4vmin; display: grid; gap: 4vmin; align-content: start; font-size: clamp(1.5rem, 4vmin, 3rem); }
.op-display h1 { font-size: clamp(2rem, 6vmin, 4.5rem); margin: 0; }
.op-display h2 { font-size: clamp(1.4rem, 4vmin, 3rem); color: var(--muted); margin: 0 0 1vmin; }
.op-display .op-walkin { font-size: clamp(3rem, 12vmin, 8rem); font-weight: 800; color: var(--accent); line-height: 1.1; }
.op-display .wait-window { font-size: clamp(1.4rem, 4vmin, 2.6rem); margin: 0; }
.op-display ol, .op-display ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 1vh; }
.op-display li { display: flex; gap: 1.5vw; align-items: baseline; }
.op-display .op-pos { font-size: inherit; min-width: 2.5ch; text-align: right; }
.op-display .op-back { font-size: 1rem; justify-self: start; padding: .5rem 0; }
.op-display-grid { display: grid; grid-template-columns: 1fr 1fr; gap: 4vw; }
@media (orientation: portrait) { .op-display-grid { grid-template-columns: 1fr; } }
/* Last, so it wins over the rules above on a phone. */
@media (max-width: 480px) {
  .op-header { padding: .6rem .9rem; }
  .op-tabs { margin-left: 0; width: 100%; }
  .op-tabs a { padding: .5rem .7rem; }
  .op-main { padding: .75rem .75rem 1.5rem; }
}
.op-main.op-chain { max-width: none; }
.op-chain-scroll { overflow-x: auto; border: 1px solid var(--line); border-radius: var(--radius); background: var(--surface); }
.op-chain-scroll:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.op-chain-table { width: max-content; min-width: 100%; border-collapse: collapse; font-size: .95rem; }
.op-chain-table td { white-space: nowrap; }
.op-chain-table tbody th, .op-chain-table thead th:first-child { position: sticky; left: 0; z-index: 1; background: var(--surface); }
.op-chain-crowded th { background: var(--surface-2) !important; }
.op-chain-table caption { text-align: left; padding: .75rem 1rem; font-weight: 600; }
.op-chain-table th, .op-chain-table td { padding: .55rem .75rem; text-align: left; border-top: 1px solid var(--line); vertical-align: top; }
.op-chain-table thead th { white-space: nowrap; font-size: .85rem; color: var(--muted); vertical-align: middle; }
.op-chain-table tbody th { font-weight: 600; white-space: nowrap; }
.op-chain-table tbody th a { color: var(--text); display: inline-block; min-height: 24px; }
.op-chain-sort {
  background: none; border: 0; padding: .35rem .25rem; font: inherit; color: var(--text); cursor: pointer;
  min-height: 44px; font-weight: 600;
}
.op-chain-crowded { background: var(--surface-2); }
.op-chain-flag { white-space: normal; max-width: 12rem; display: block; margin-top: .25rem; font-weight: 700; font-size: .85rem; color: var(--text); border-left: 4px solid var(--danger); padding-left: .4rem; }
`;

let injected = false;
export function injectStyles() {
  if (injected || typeof document === 'undefined') return;
  injected = true;
  // A constructed sheet: the content security policy refuses inline <style> elements (server/security.ts).
  if (typeof CSSStyleSheet !== 'undefined' && 'adoptedStyleSheets' in document) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(CSS);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    return;
  }
  const style = document.createElement('style');
  style.dataset.console = '';
  style.textContent = CSS;
  document.head.appendChild(style);
}
