import { html, type SafeHtml } from '../pages/html.js';
import { RECORD_STATES } from '../pipeline/record-step.js';

const card = (id: string, title: string, hint: string) => html`
  <article class="card" id="${id}">
    <h2>${title}</h2>
    <p class="value" data-value>–</p>
    <p class="hint" data-hint>${hint}</p>
    <svg class="spark" data-spark viewBox="0 0 120 32" preserveAspectRatio="none" aria-hidden="true"></svg>
  </article>`;

const header = (demo: boolean) => html`
  <header class="top">
    <div class="brand"><span class="logo" aria-hidden="true"></span> shopbeacon <span class="muted">live debugger</span></div>
    ${demo ? html`<a class="pill demo" href="../">demo storefront ↗</a>` : ''}
    <span class="pill" id="connection" data-state="connecting">connecting…</span>
    <span class="pill" id="delivery" data-state="ok">delivery: –</span>
  </header>`;

/**
 * The debugger's shell; `debugger.js` fills it from `stream` (Server-Sent Events). Relative URLs:
 * it works under any mount path.
 */
export function debugPage(options: { demo: boolean }): SafeHtml {
  return html`<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>shopbeacon · live debugger</title>
  <link rel="icon" href="assets/icon.svg" type="image/svg+xml">
  <link rel="stylesheet" href="assets/debugger.css">
  <script type="module" src="assets/debugger.js"></script>
</head>
<body>
  ${header(options.demo)}
  <main>
    <section class="cards" aria-label="Counters">
      ${card('events-rate', 'Events / second', 'accepted in the last minute')}
      ${card('outbox', 'Outbox', 'queued · oldest waiting')}
      ${card('latency', 'Delivery latency', 'median, service round trip')}
      ${card('visitors', 'Visitors this month', 'distinct user_id delivered: the billed quota')}
      ${card('dead', 'Dead letters', 'refused by the service')}
      ${card('sync', 'Platform sync', 'orders and products swept from the shop platforms')}
      ${card('coverage', 'Orders joined', "storefront orders of 7 days with the shop's own Order Completed (from its server, or a browser with its proof): the service can join them to their shopper")}
    </section>
    <section class="panes">
      <section class="records" aria-label="Records">
        <form class="filters" id="filters">
          <label>user_id <input name="user" type="search" placeholder="any visitor" autocomplete="off"></label>
          <label>event_name <input name="event" type="search" placeholder="any event" list="event-names" autocomplete="off"></label>
          <datalist id="event-names"></datalist>
          <label>state <select name="state"><option value="">any</option>${RECORD_STATES.map((s) => html`<option>${s}</option>`)}</select></label>
          <span class="count" id="record-count">0 records</span>
        </form>
        <table class="record-table">
          <thead><tr><th>time</th><th>record</th><th>user_id</th><th>journey</th></tr></thead>
          <tbody id="records"></tbody>
        </table>
        <p class="empty" id="empty">Waiting for the first record… open the storefront or post to <code>/collect</code>.</p>
      </section>
      <aside class="detail" id="detail" aria-label="Record detail">
        <h2>Record</h2>
        <p class="muted" id="detail-empty">Click a record to see the exact request the service gets.</p>
        <div id="detail-body" hidden>
          <dl id="detail-facts"></dl>
          <h3>Sent to the service</h3>
          <pre class="request" id="detail-request"></pre>
          <h3>History</h3>
          <ol class="history" id="detail-history"></ol>
        </div>
      </aside>
    </section>
    <section class="dead-letters" aria-label="Dead letters">
      <h2>Dead letters <button type="button" id="retry-all" class="button">Retry all</button></h2>
      <table><thead><tr><th>id</th><th>kind</th><th>attempts</th><th>service answer</th><th></th></tr></thead><tbody id="dead-letters"></tbody></table>
      <p class="empty" id="dead-empty">None: every record the service saw, it accepted.</p>
    </section>
  </main>
</body>
</html>`;
}
