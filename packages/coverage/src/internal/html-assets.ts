// Inline stylesheet of the HTML report: the `.state-*` selectors mirror EndpointState and ResponseState.
export const HTML_STYLE: string = [
  ':root{--ok:#1a7f37;--partial:#bf8700;--bad:#cf222e;--req:#8250df;--skip:#9a6700;--muted:#57606a;--line:#d0d7de;--bg:#f6f8fa}',
  '*{box-sizing:border-box}',
  'body{font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Helvetica,Arial,sans-serif;color:#1f2328;margin:0 auto;padding:1.5rem 2rem 3rem;max-width:1200px;line-height:1.45}',
  'h1{margin:0 0 .75rem;font-size:1.6rem}h2{margin:0 0 .25rem;font-size:1.3rem}h3{font-size:1.05rem}',
  'code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.92em}',
  '.page-header{border-bottom:1px solid var(--line);padding-bottom:1rem;margin-bottom:1.5rem}',
  '.aggregate{display:flex;flex-wrap:wrap;gap:.5rem 2rem;align-items:baseline}',
  '.metric{margin:0;font-size:1.1rem}.meta{margin:.25rem 0 0;color:var(--muted);font-size:.9rem;width:100%}',
  '.legend{color:var(--muted);font-size:.85rem;margin:.5rem 0 0}',
  '.filters{display:flex;flex-wrap:wrap;gap:.75rem 1.5rem;align-items:center;margin-top:1rem;padding:.75rem 1rem;background:var(--bg);border:1px solid var(--line);border-radius:6px}',
  '.filters label{font-size:.9rem;color:var(--muted)}',
  '.filters input,.filters select{font:inherit;padding:.25rem .5rem;border:1px solid var(--line);border-radius:4px;margin-left:.35rem}',
  '.filters input{min-width:18rem}#visible-count{font-size:.9rem;margin-left:auto}',
  '.spec{margin-bottom:2.5rem}.spec-summary{color:var(--muted);margin:.25rem 0 .75rem}',
  '.bars{display:grid;grid-template-columns:7rem 1fr 8rem;gap:.35rem .75rem;align-items:center;max-width:860px;margin-bottom:.75rem}',
  '.bar-value{font-size:.85rem;font-variant-numeric:tabular-nums}',
  '.bar-label{font-size:.85rem;color:var(--muted)}',
  '.bar{display:flex;height:14px;border-radius:7px;overflow:hidden;background:#eaeef2}',
  '.seg{display:block;height:100%}',
  '.seg.state-all-covered,.seg.state-validated{background:var(--ok)}.seg.state-partial{background:var(--partial)}',
  '.seg.state-uncovered{background:var(--bad)}.seg.state-request-only{background:var(--req)}.seg.state-skipped{background:var(--skip)}',
  '.counts{display:flex;flex-wrap:wrap;gap:.35rem 1rem;font-size:.88rem;margin:0 0 .75rem;padding:0;list-style:none}',
  '.marker{display:inline-block;width:1.2em;text-align:center;font-weight:700}',
  '.state-request-only>.marker,.state-request-only .marker{font-size:1.3em;line-height:1}',
  '.state-all-covered>.marker,.state-all-covered .marker,.state-validated .marker{color:var(--ok)}',
  '.state-partial .marker{color:var(--partial)}.state-uncovered .marker{color:var(--bad)}',
  '.state-request-only .marker{color:var(--req)}.state-skipped .marker{color:var(--skip)}',
  '.endpoint{margin:.3rem 0;border:1px solid var(--line);border-left-width:5px;border-radius:4px;background:#fff}',
  '.endpoint.state-all-covered{border-left-color:var(--ok)}.endpoint.state-partial{border-left-color:var(--partial)}',
  '.endpoint.state-uncovered{border-left-color:var(--bad)}.endpoint.state-request-only{border-left-color:var(--req)}',
  '.endpoint>summary{cursor:pointer;padding:.4rem .6rem;display:flex;flex-wrap:wrap;gap:.25rem .6rem;align-items:baseline}',
  '.endpoint[open]>summary{border-bottom:1px solid var(--line);background:var(--bg)}',
  '.op-id{color:var(--muted);font-size:.88rem}.state-label{font-size:.75rem;text-transform:uppercase;letter-spacing:.03em;color:var(--muted)}',
  '.endpoint-counts{margin-left:auto;font-size:.85rem;color:var(--muted)}.anchor{color:var(--muted);text-decoration:none;font-size:.85rem}',
  'table{border-collapse:collapse;width:100%;font-size:.88rem}',
  'th,td{border-top:1px solid #eaeef2;padding:.35rem .6rem;text-align:left;vertical-align:top}th{background:var(--bg);font-weight:600}',
  'td.hits{text-align:right;font-variant-numeric:tabular-nums;width:4rem}',
  '.endpoint table{margin:0}.unexpected-heading{margin:.6rem .6rem .3rem;font-weight:600;color:var(--bad);font-size:.88rem}',
  '.empty,.no-match{color:var(--muted);font-style:italic}',
  '.sdk-exercise{margin-top:1.25rem}',
  '@media print{.filters{display:none}.endpoint{break-inside:avoid}}',
].join('')

// Filters the endpoint list by state and text. Without JavaScript every endpoint stays visible; the script
// only hides (`hidden`) what does not match and keeps the visible count in step.
export const HTML_SCRIPT = `(function () {
  var text = document.getElementById('filter-text');
  var state = document.getElementById('filter-state');
  var visible = document.getElementById('visible-endpoints');
  var items = Array.prototype.slice.call(document.querySelectorAll('details.endpoint'));
  var sections = Array.prototype.slice.call(document.querySelectorAll('section.spec'));
  function apply() {
    var query = text.value.trim().toLowerCase();
    var wanted = state.value;
    var count = 0;
    items.forEach(function (item) {
      var show = (wanted === '' || item.getAttribute('data-state') === wanted) &&
        (query === '' || item.getAttribute('data-search').indexOf(query) !== -1);
      item.hidden = !show;
      if (show) count++;
    });
    visible.textContent = String(count);
    sections.forEach(function (section) {
      var hint = section.querySelector('.no-match');
      if (!hint) return;
      var all = section.querySelectorAll('details.endpoint').length;
      var shown = section.querySelectorAll('details.endpoint:not([hidden])').length;
      hint.hidden = all === 0 || shown > 0;
    });
  }
  text.addEventListener('input', apply);
  state.addEventListener('change', apply);
  apply();
})();`
